import { isoWeekday, toLocal } from '../market/time-zones.js';
import { type MetricsTradeInput, tradeFigures } from '../metrics/metrics.js';
import { epochDayToDate } from '../metrics/sessions.js';

/**
 * Rule-compliance analytics: which of a trader's own rules make or lose money.
 *
 * Input: closed trades (the metrics engine's trade input, money in integer minor units of one currency), the
 * journal's annotation of each trade (the strategy and approach it followed, the checklist items that were met,
 * the mistakes made) and the user's playbook (strategies, their approaches, each approach's checklist items,
 * which are the checklist items of the approach's criteria's conditions).
 *
 * Definitions (documented in docs/architecture.md, "Rule compliance"):
 * - A trade is *reviewed* when it has an annotation, *unreviewed* otherwise. Unreviewed trades are counted apart
 *   (`unreviewed`) and never in a followed or broke group, nor in the discipline score.
 * - The *checklist* of a reviewed trade is the checklist of the approach its annotation names (as the playbook
 *   stands now); none when it names no approach, or an approach the playbook no longer has. A met item id that
 *   is not on that checklist is ignored.
 * - A reviewed trade *followed* the rules (is *disciplined*) when it is linked to a strategy (a strategy or a
 *   known approach) and, when it names an approach, every item of its checklist is met, and it has no mistake. It
 *   *broke* them when it has a mistake or an unmet checklist item. A reviewed trade with no strategy and no
 *   mistake is neither: it is counted apart as *no playbook* (`noPlaybook`), like unreviewed trades, in no
 *   followed or broke group and not in the discipline score (it has no rule to score: no checklist, no mistake).
 * - Checklist item C of approach A: the reviewed trades annotated with approach A *followed* C when C is among
 *   their met items, *broke* C when it is not.
 * - Approach A (of strategy S): the reviewed trades annotated with A (and S) followed A when disciplined, broke it
 *   otherwise.
 * - Strategy S: the reviewed trades annotated with S followed S when disciplined, broke it otherwise.
 * - Mistake M: the reviewed trades whose annotation lists M.
 *
 * Every group carries its trade count, wins, losses, break-evens, win rate (share of wins, 0-100; null without
 * trades), average R (mean over the trades that have an initial risk; null when none has), net P/L (the exact sum
 * of the trades' nets in minor units) and its trade ids.
 *
 * The discipline score of a period (day or ISO week, by the trade's close in the time zone) is computed over its
 * reviewed trades that followed or broke the rules (the no-playbook ones are counted apart, in `noPlaybook`):
 *   checklist share = 100 x (items met) / (items on the trades' checklists), 100 when no trade had a checklist;
 *   score = clamp(checklist share - MISTAKE_PENALTY x (mistakes) / (reviewed trades), 0, 100)
 * so each mistake costs MISTAKE_PENALTY points spread over the period's reviewed trades (a day with one reviewed
 * trade and one mistake loses 20 points; two trades and one mistake, 10). A period with no such trade has a
 * null score (its unreviewed and no-playbook trades are still counted).
 */

/** Points one mistake takes off the discipline score of a one-trade period (see the module's comment). */
export const MISTAKE_PENALTY = 20;

/** The journal's annotation of one trade. */
export interface TradeAnnotation {
  /** The trade (position) id. */
  tradeId: string;
  strategyId: string | null;
  approachId: string | null;
  /** Ids of the checklist items that were met. */
  checklistItemIdsMet: readonly string[];
  mistakeIds: readonly string[];
}

export interface PlaybookChecklistItem {
  id: string;
  label: string;
}

export interface PlaybookApproach {
  id: string;
  name: string;
  /** The checklist items of the approach's criteria's conditions, in order. */
  checklistItems: readonly PlaybookChecklistItem[];
}

export interface PlaybookStrategy {
  id: string;
  name: string;
  approaches: readonly PlaybookApproach[];
}

export interface ComplianceInput {
  trades: readonly MetricsTradeInput[];
  annotations: readonly TradeAnnotation[];
  strategies: readonly PlaybookStrategy[];
  /** The user's mistakes list (id and label); mistakes found on annotations but not listed are reported too. */
  mistakes?: readonly { id: string; label: string }[];
  /** IANA zone of the discipline score's days and weeks. */
  timeZone: string;
}

export interface ComplianceGroup {
  count: number;
  wins: number;
  losses: number;
  breakEven: number;
  /** 0-100; null without trades. */
  winRate: number | null;
  /** Mean R of the trades with an initial risk; null when none has one. */
  averageR: number | null;
  tradesWithR: number;
  /** Sum of the trades' nets, minor units. */
  net: number;
  tradeIds: string[];
}

export interface FollowedBroke {
  followed: ComplianceGroup;
  broke: ComplianceGroup;
}

export interface ChecklistItemCompliance extends FollowedBroke {
  itemId: string;
  label: string;
}

export interface ApproachCompliance extends FollowedBroke {
  approachId: string;
  name: string;
  checklistItems: ChecklistItemCompliance[];
}

export interface StrategyCompliance extends FollowedBroke {
  strategyId: string;
  name: string;
  approaches: ApproachCompliance[];
}

export interface MistakeCompliance {
  mistakeId: string;
  /** The label of the user's list; null for a mistake id the list no longer has. */
  label: string | null;
  trades: ComplianceGroup;
}

export interface DisciplinePeriod {
  /** The day (YYYY-MM-DD) or the Monday of the ISO week, in the time zone. */
  date: string;
  /** Reviewed trades that followed or broke the rules: the trades the score is over. */
  reviewed: number;
  /** Reviewed trades with no strategy and no mistake: counted apart, not in the score. */
  noPlaybook: number;
  unreviewed: number;
  itemsMet: number;
  itemsTotal: number;
  mistakes: number;
  /** 0-100, null without a reviewed trade. */
  score: number | null;
}

export interface Compliance {
  overall: {
    /** Reviewed trades that were disciplined (all items of their checklist met, no mistake). */
    followed: ComplianceGroup;
    /** Reviewed trades that were not. */
    broke: ComplianceGroup;
    /** Reviewed trades linked to no strategy and without a mistake: neither followed nor broke. */
    noPlaybook: ComplianceGroup;
    unreviewed: ComplianceGroup;
  };
  strategies: StrategyCompliance[];
  mistakes: MistakeCompliance[];
  discipline: {
    /** The score over every reviewed trade of the input that followed or broke the rules. */
    score: number | null;
    days: DisciplinePeriod[];
    weeks: DisciplinePeriod[];
  };
}

class GroupAcc {
  count = 0;
  wins = 0;
  losses = 0;
  breakEven = 0;
  net = 0;
  rSum = 0;
  rCount = 0;
  ids: string[] = [];

  add(id: string, net: number, r: number | null) {
    this.count++;
    this.net += net;
    if (net > 0) this.wins++;
    else if (net < 0) this.losses++;
    else this.breakEven++;
    if (r !== null) {
      this.rSum += r;
      this.rCount++;
    }
    this.ids.push(id);
  }

  group(): ComplianceGroup {
    return {
      count: this.count,
      wins: this.wins,
      losses: this.losses,
      breakEven: this.breakEven,
      winRate: this.count === 0 ? null : (this.wins / this.count) * 100,
      averageR: this.rCount === 0 ? null : this.rSum / this.rCount,
      tradesWithR: this.rCount,
      net: this.net,
      tradeIds: this.ids,
    };
  }
}

class PairAcc {
  followed = new GroupAcc();
  broke = new GroupAcc();
  pair(): FollowedBroke {
    return { followed: this.followed.group(), broke: this.broke.group() };
  }
}

class PeriodAcc {
  reviewed = 0;
  noPlaybook = 0;
  unreviewed = 0;
  itemsMet = 0;
  itemsTotal = 0;
  mistakes = 0;
  period(date: string): DisciplinePeriod {
    return {
      date,
      reviewed: this.reviewed,
      noPlaybook: this.noPlaybook,
      unreviewed: this.unreviewed,
      itemsMet: this.itemsMet,
      itemsTotal: this.itemsTotal,
      mistakes: this.mistakes,
      score: disciplineScore(this),
    };
  }
}

/**
 * The discipline score of a period's counts (see the module's comment): `reviewed` counts the trades that followed
 * or broke the rules (no-playbook trades are not scored); null without one.
 */
export function disciplineScore(p: {
  reviewed: number;
  itemsMet: number;
  itemsTotal: number;
  mistakes: number;
}): number | null {
  if (p.reviewed === 0) return null;
  const share = p.itemsTotal === 0 ? 100 : (100 * p.itemsMet) / p.itemsTotal;
  const score = share - (MISTAKE_PENALTY * p.mistakes) / p.reviewed;
  return Math.min(100, Math.max(0, score));
}

/** The trade's checklist status against its approach's checklist. */
export interface TradeReview {
  checklist: readonly PlaybookChecklistItem[];
  met: Set<string>;
  itemsMet: number;
  /** Followed the rules (see the module's comment). */
  disciplined: boolean;
  /** followed, broke, or no_playbook (no strategy, no mistake: neither). */
  standing: 'followed' | 'broke' | 'no_playbook';
}

/**
 * One reviewed trade's standing: its approach's checklist (null approach or an unknown one: none), the items of
 * it that were met, and whether it was disciplined (every item met, no mistake).
 */
export function reviewTrade(
  annotation: TradeAnnotation,
  approaches: ReadonlyMap<string, { strategyId: string; approach: PlaybookApproach }>,
): TradeReview {
  const found = annotation.approachId === null ? undefined : approaches.get(annotation.approachId);
  // an approach of another strategy than the one named does not apply
  const approach =
    found && (annotation.strategyId === null || found.strategyId === annotation.strategyId)
      ? found.approach
      : undefined;
  const checklist = approach?.checklistItems ?? [];
  const metIds = new Set(annotation.checklistItemIdsMet);
  const met = new Set<string>();
  for (const item of checklist) if (metIds.has(item.id)) met.add(item.id);
  const broke = met.size < checklist.length || annotation.mistakeIds.length > 0;
  const linked = annotation.strategyId !== null || approach !== undefined;
  const standing = broke ? 'broke' : linked ? 'followed' : 'no_playbook';
  return { checklist, met, itemsMet: met.size, disciplined: standing === 'followed', standing };
}

/** Index of the playbook's approaches by id, with the strategy each belongs to. */
export function approachIndex(
  strategies: readonly PlaybookStrategy[],
): Map<string, { strategyId: string; approach: PlaybookApproach }> {
  const out = new Map<string, { strategyId: string; approach: PlaybookApproach }>();
  for (const s of strategies) for (const a of s.approaches) out.set(a.id, { strategyId: s.id, approach: a });
  return out;
}

function getOrAdd<K, V>(m: Map<K, V>, key: K, make: () => V): V {
  let v = m.get(key);
  if (v === undefined) {
    v = make();
    m.set(key, v);
  }
  return v;
}

const isoDate = (epochDay: number) => epochDayToDate(epochDay);

/** The compliance analytics of the input (see the module's comment for every definition). */
export function computeCompliance(input: ComplianceInput): Compliance {
  const byTrade = new Map<string, TradeAnnotation>();
  for (const a of input.annotations) byTrade.set(a.tradeId, a);
  const approaches = approachIndex(input.strategies);

  const followed = new GroupAcc();
  const broke = new GroupAcc();
  const noPlaybook = new GroupAcc();
  const unreviewed = new GroupAcc();
  const strategyAccs = new Map<string, PairAcc>();
  const approachAccs = new Map<string, PairAcc>();
  const itemAccs = new Map<string, PairAcc>();
  const mistakeAccs = new Map<string, GroupAcc>();
  const days = new Map<number, PeriodAcc>();
  const weeks = new Map<number, PeriodAcc>();
  const total = new PeriodAcc();
  const pair = (m: Map<string, PairAcc>, id: string) => getOrAdd(m, id, () => new PairAcc());
  const period = (m: Map<number, PeriodAcc>, key: number) => getOrAdd(m, key, () => new PeriodAcc());

  const trades = [...input.trades].sort((a, b) => a.closedAtMs - b.closedAtMs || (a.id < b.id ? -1 : 1));
  for (const t of trades) {
    const f = tradeFigures(t);
    const epochDay = toLocal(input.timeZone, t.closedAtMs).epochDay;
    const day = period(days, epochDay);
    const week = period(weeks, epochDay - (isoWeekday(epochDay) - 1));
    const annotation = byTrade.get(t.id);
    if (!annotation) {
      unreviewed.add(t.id, f.net, f.r);
      day.unreviewed++;
      week.unreviewed++;
      total.unreviewed++;
      continue;
    }
    const review = reviewTrade(annotation, approaches);
    (review.standing === 'followed' ? followed : review.standing === 'broke' ? broke : noPlaybook).add(
      t.id,
      f.net,
      f.r,
    );
    if (review.standing === 'no_playbook') {
      // no strategy, no mistake: nothing to score (counted apart, like unreviewed trades)
      for (const p of [day, week, total]) p.noPlaybook++;
      continue;
    }
    for (const p of [day, week, total]) {
      p.reviewed++;
      p.itemsMet += review.itemsMet;
      p.itemsTotal += review.checklist.length;
      p.mistakes += annotation.mistakeIds.length;
    }
    if (annotation.strategyId !== null) {
      const s = pair(strategyAccs, annotation.strategyId);
      (review.disciplined ? s.followed : s.broke).add(t.id, f.net, f.r);
    }
    if (annotation.approachId !== null) {
      const known = approaches.get(annotation.approachId);
      if (known && (annotation.strategyId === null || known.strategyId === annotation.strategyId)) {
        const a = pair(approachAccs, annotation.approachId);
        (review.disciplined ? a.followed : a.broke).add(t.id, f.net, f.r);
        for (const item of review.checklist) {
          const i = pair(itemAccs, `${annotation.approachId}|${item.id}`);
          (review.met.has(item.id) ? i.followed : i.broke).add(t.id, f.net, f.r);
        }
      }
    }
    for (const m of new Set(annotation.mistakeIds)) {
      getOrAdd(mistakeAccs, m, () => new GroupAcc()).add(t.id, f.net, f.r);
    }
  }

  const emptyPair = () => new PairAcc().pair();
  const strategies: StrategyCompliance[] = input.strategies.map((s) => ({
    strategyId: s.id,
    name: s.name,
    ...(strategyAccs.get(s.id)?.pair() ?? emptyPair()),
    approaches: s.approaches.map((a) => ({
      approachId: a.id,
      name: a.name,
      ...(approachAccs.get(a.id)?.pair() ?? emptyPair()),
      checklistItems: a.checklistItems.map((item) => ({
        itemId: item.id,
        label: item.label,
        ...(itemAccs.get(`${a.id}|${item.id}`)?.pair() ?? emptyPair()),
      })),
    })),
  }));

  const labels = new Map((input.mistakes ?? []).map((m) => [m.id, m.label]));
  const mistakeIds = [...(input.mistakes ?? []).map((m) => m.id)];
  for (const id of mistakeAccs.keys()) if (!labels.has(id)) mistakeIds.push(id);
  const mistakes: MistakeCompliance[] = mistakeIds.map((id) => ({
    mistakeId: id,
    label: labels.get(id) ?? null,
    trades: (mistakeAccs.get(id) ?? new GroupAcc()).group(),
  }));

  const periods = (m: Map<number, PeriodAcc>) =>
    [...m.entries()].sort((a, b) => a[0] - b[0]).map(([key, acc]) => acc.period(isoDate(key)));

  return {
    overall: {
      followed: followed.group(),
      broke: broke.group(),
      noPlaybook: noPlaybook.group(),
      unreviewed: unreviewed.group(),
    },
    strategies,
    mistakes,
    discipline: { score: disciplineScore(total), days: periods(days), weeks: periods(weeks) },
  };
}

/** Metrics filters on the journal's annotations (GET /trading/metrics/{id}: approach, checklist_item, reviewed). */
export interface ComplianceFilter {
  /** Trades annotated with this approach. */
  approach?: string | undefined;
  /** Trades whose approach's checklist has this item, met (`followed`) or not (`broke`, the default `followed`). */
  checklistItem?: string | undefined;
  checklist?: 'followed' | 'broke' | undefined;
  /** Reviewed trades (with an annotation) or unreviewed ones. */
  reviewed?: boolean | undefined;
  /** Reviewed trades that followed the rules (`followed`) or broke them (`broke`); no-playbook trades are neither. */
  discipline?: 'followed' | 'broke' | undefined;
}

/** True when the filter asks for nothing (every trade passes). */
export function isEmptyComplianceFilter(f: ComplianceFilter): boolean {
  return (
    f.approach === undefined && f.checklistItem === undefined && f.reviewed === undefined && f.discipline === undefined
  );
}

/** The trades that pass the compliance filter, with the definitions of computeCompliance. */
export function filterByCompliance<T extends { id: string }>(
  trades: readonly T[],
  annotations: readonly TradeAnnotation[],
  strategies: readonly PlaybookStrategy[],
  f: ComplianceFilter,
): T[] {
  if (isEmptyComplianceFilter(f)) return [...trades];
  const byTrade = new Map<string, TradeAnnotation>();
  for (const a of annotations) byTrade.set(a.tradeId, a);
  const approaches = approachIndex(strategies);
  return trades.filter((t) => {
    const a = byTrade.get(t.id);
    if (f.reviewed !== undefined && (a !== undefined) !== f.reviewed) return false;
    if (f.approach === undefined && f.checklistItem === undefined && f.discipline === undefined) return true;
    if (!a) return false;
    if (f.approach !== undefined && a.approachId !== f.approach) return false;
    const review = reviewTrade(a, approaches);
    if (f.discipline !== undefined && review.standing !== f.discipline) return false;
    if (f.checklistItem !== undefined) {
      if (!review.checklist.some((item) => item.id === f.checklistItem)) return false;
      if (review.met.has(f.checklistItem) !== ((f.checklist ?? 'followed') === 'followed')) return false;
    }
    return true;
  });
}
