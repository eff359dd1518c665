import type {
  AccountGoals,
  CreatePropAccountBody,
  EndChallengeBody,
  PropChallenge,
  PropFirm,
  TradingAccount,
} from '@tradedesk/contracts';
import {
  CHALLENGES,
  type Challenge,
  challengesOf,
  createPropState,
  dayStartAt,
  decimalToMinor,
  evaluate,
  FIRMS,
  getChallenge,
  getFirm,
  isAccountCurrency,
  orderRefusals,
  type PropState,
  phaseRules,
  type SimulatedMarket,
} from '@tradedesk/core';
import type { EventBus } from '../../platform/bus/event-bus.js';
import type { Clock } from '../../platform/clock.js';
import type { AccountsService, OrderCheck, PropFields, ProposedOrderFacts } from '../trading/accounts.service.js';
import { quotesAt } from '../trading/broker.mapping.js';
import type { OrdersService } from '../trading/orders.service.js';
import type { TradingAccountRow } from '../trading/trading.table.js';
import { propError } from './prop.errors.js';
import { calendarNewsNear, dealEvents, type NewsSource, OBJECTIVES_ONLY, objectivesState } from './prop.feed.js';
import type { PropRepository } from './prop.repository.js';
import type { PropAccountRow } from './prop.table.js';
import {
  describeRules,
  type Evaluation,
  PROP_LEVERAGE,
  ruleSetOf,
  toAccountProp,
  toChallenge,
  toObjectiveStatuses,
  toRuleStatus,
  unitOf,
} from './prop.view.js';

/** Bus channel the evaluation job listens on: a prop account was opened, ended, or its objectives changed. */
export const PROP_BOOK_CHANNEL = 'prop-book';

const FIRM_NOTE =
  'A rule set modelled on rules that prop firms commonly publish; the name is generic, it is not a real firm and no prop firm is a partner.';

/** Request fields of the core's order refusals on the wire. */
const WIRE_FIELDS: Record<string, string> = { volume: 'size', stopLoss: 'stop_loss', accountId: 'account' };

export function challengeOf(row: Pick<PropAccountRow, 'challengeId'>): Challenge {
  const challenge = getChallenge(row.challengeId);
  if (!challenge) throw new Error(`prop account names an unknown challenge ${row.challengeId}`);
  return challenge;
}

/** The stored evaluation of a prop account, or a fresh one for its phase. */
export function evaluationOf(row: PropAccountRow): Evaluation {
  const stored = row.evaluation as Evaluation | null;
  if (stored?.engine?.version === 1 && stored.engine.phase === row.phase) return stored;
  const ruleSet = ruleSetOf(challengeOf(row));
  const start = decimalToMinor(row.size, row.currency);
  return {
    engine: createPropState({
      ruleSet,
      phase: row.phase as PropState['phase'],
      currency: row.currency,
      accountSizeMinor: start,
      startMs: row.phaseStartedAt.getTime(),
    }),
    dealSeq: 0,
  };
}

/**
 * Prop-firm challenges on the virtual broker: the catalogue (core's seeded firms and challenges), opening a
 * challenge account, the prop fields of accounts, the order gate of the rules, ending a challenge, and the goals
 * (rule status and the trader's objectives) of an account.
 */
export function createPropService(deps: {
  repo: PropRepository;
  accounts: AccountsService;
  orders: OrdersService;
  market: SimulatedMarket;
  clock: Clock;
  bus: EventBus;
  /** Economic events near a time (the calendar's); the market's registered events without it. */
  news?: NewsSource | undefined;
}) {
  const { repo, accounts, orders, market, clock, bus } = deps;
  const changed = (accountId: string) =>
    bus.publish({ channel: PROP_BOOK_CHANNEL, event: 'changed', data: { accountId } });

  function firm(id: string) {
    const found = getFirm(id);
    if (!found) throw propError('PROP_FIRM_NOT_FOUND', `No prop firm has the id ${id}.`);
    return found;
  }

  function challenge(firmId: string, challengeId: string): Challenge {
    firm(firmId);
    const found = getChallenge(challengeId);
    if (!found || found.firmId !== firmId) {
      throw propError('PROP_CHALLENGE_NOT_FOUND', `The firm ${firmId} has no challenge with the id ${challengeId}.`);
    }
    return found;
  }

  /** Checks a prop account body against the catalogue, each refusal naming its field. */
  function selection(body: CreatePropAccountBody) {
    const invalid = (field: string, message: string) => propError.onField(field, 'PROP_INVALID_FIELD', message);
    const f = getFirm(body.firm);
    if (!f) throw invalid('firm', `firm must be one of ${FIRMS.map((x) => x.id).join(', ')}.`);
    const c = getChallenge(body.challenge);
    if (!c || c.firmId !== f.id) {
      throw invalid(
        'challenge',
        `challenge must be one of ${challengesOf(f.id)
          .map((x) => x.id)
          .join(', ')} for ${f.name}.`,
      );
    }
    const ruleSet = ruleSetOf(c);
    const phase = body.phase ?? c.firstPhase;
    if (!ruleSet.phases.some((p) => p.phase === phase)) {
      throw invalid('phase', `phase must be one of ${ruleSet.phases.map((p) => p.phase).join(', ')} for ${c.name}.`);
    }
    if (!c.currencies.includes(body.currency) || !isAccountCurrency(body.currency)) {
      throw invalid('currency', `currency must be one of ${c.currencies.join(', ')} for ${c.name}.`);
    }
    if (!c.sizes.includes(body.size)) {
      throw invalid('size', `size must be one of ${c.sizes.join(', ')} for ${c.name}.`);
    }
    return { firm: f, challenge: c, ruleSet, phase };
  }

  async function ownedProp(userId: string, accountId: string) {
    const account = await accounts.owned(userId, accountId);
    const [prop] = await repo.propAccountsOf(userId, [account.id]);
    return { account, prop };
  }

  /**
   * The engine state brought to now: the deals booked since it was stored, then the account's current balance and
   * equity (not stored: the leader's job does that).
   */
  async function liveState(prop: PropAccountRow): Promise<PropState> {
    const { engine, dealSeq } = evaluationOf(prop);
    const ruleSet = ruleSetOf(challengeOf(prop));
    const held = await orders.holdings(prop.accountId);
    if (!held) return engine;
    const now = clock.now().getTime();
    const quotes = quotesAt(market, now);
    let state = engine;
    const deals = await repo.dealsAfter(prop.accountId, dealSeq);
    if (deals.length > 0) {
      const positions = await repo.positionsByIds(
        prop.accountId,
        deals.flatMap((d) => (d.positionId ? [d.positionId] : [])),
      );
      for (const event of dealEvents(deals, positions, prop.currency, quotes)) {
        state = evaluate(ruleSet, state, event).state;
      }
    }
    const figures = orders.equityOf(held.account, held.positions, quotes);
    return evaluate(ruleSet, state, { type: 'equity', timeMs: now, ...figures }).state;
  }

  /** Today's state of an account without a challenge, for its objectives: its deals since midnight UTC. */
  async function objectivesOnlyState(account: TradingAccountRow): Promise<PropState> {
    const now = clock.now().getTime();
    const dayStart = dayStartAt(OBJECTIVES_ONLY.day, now);
    const quotes = quotesAt(market, now);
    const deals = await repo.dealsSince(account.id, new Date(dayStart));
    const before = await repo.balanceBefore(account.id, new Date(dayStart));
    const start = decimalToMinor(before ?? account.startingBalance, account.currency);
    let state = objectivesState({ currency: account.currency, dayStartMs: dayStart, balanceAtStartMinor: start });
    const positions = await repo.positionsByIds(
      account.id,
      deals.flatMap((d) => (d.positionId ? [d.positionId] : [])),
    );
    for (const event of dealEvents(deals, positions, account.currency, quotes)) {
      state = evaluate(OBJECTIVES_ONLY, state, event).state;
    }
    const held = await orders.holdings(account.id);
    if (held) {
      state = evaluate(OBJECTIVES_ONLY, state, {
        type: 'equity',
        timeMs: now,
        ...orders.equityOf(held.account, held.positions, quotes),
      }).state;
    }
    return state;
  }

  async function objectivesOf(accountIds: readonly string[]) {
    const rows = await repo.accountObjectives(accountIds);
    const byAccount = new Map<string, Array<{ objective: (typeof rows)[number]['objective']; value: number }>>();
    for (const r of rows) {
      byAccount.set(r.link.accountId, [
        ...(byAccount.get(r.link.accountId) ?? []),
        { objective: r.objective, value: r.link.value },
      ]);
    }
    return byAccount;
  }

  /** The goals of an account from its engine state (also what the leader publishes as the `rules` event). */
  function goalsFrom(
    accountId: string,
    prop: PropAccountRow | undefined,
    state: PropState,
    objectives: ReadonlyArray<{
      objective: Parameters<typeof toObjectiveStatuses>[0][number]['objective'];
      value: number;
    }>,
    nowMs: number,
  ): AccountGoals {
    return {
      accountId,
      prop: prop ? toRuleStatus(accountId, prop, ruleSetOf(challengeOf(prop)), state, nowMs) : null,
      engine: prop ? (state as unknown as Record<string, unknown>) : null,
      objectives: toObjectiveStatuses(objectives, state),
    };
  }

  return {
    goalsFrom,
    objectivesOf,

    firms(): PropFirm[] {
      return FIRMS.map((f) => ({
        id: f.id,
        name: f.name,
        description: f.description,
        note: FIRM_NOTE,
        challengeCount: CHALLENGES.filter((c) => c.firmId === f.id).length,
      }));
    },

    challenges(firmId: string): PropChallenge[] {
      firm(firmId);
      return challengesOf(firmId).map(toChallenge);
    },

    challenge(firmId: string, challengeId: string): PropChallenge {
      return toChallenge(challenge(firmId, challengeId));
    },

    /** What the accounts service calls for prop accounts (see PropAccountHooks). */
    hooks: {
      prepare(body: CreatePropAccountBody) {
        selection(body);
        return { startingBalance: body.size, currency: body.currency, leverage: PROP_LEVERAGE };
      },

      async created(row: TradingAccountRow, body: CreatePropAccountBody) {
        const { firm: f, challenge: c, ruleSet, phase } = selection(body);
        // the account's own creation time: the demo opens one on its replay clock
        const now = row.createdAt;
        const prop: PropAccountRow = {
          accountId: row.id,
          userId: row.userId,
          firmId: f.id,
          challengeId: c.id,
          phase,
          size: row.startingBalance,
          currency: row.currency,
          state: 'active',
          phaseStartedAt: now,
          pausedUntil: null,
          failedAt: null,
          failedEquity: null,
          failedRule: null,
          failedReason: null,
          passedPhases: [],
          evaluation: null,
          createdAt: now,
          updatedAt: now,
        };
        const evaluation: Evaluation = {
          engine: createPropState({
            ruleSet,
            phase,
            currency: row.currency,
            accountSizeMinor: decimalToMinor(row.startingBalance, row.currency),
            startMs: now.getTime(),
          }),
          dealSeq: 0,
        };
        await repo.insertPropAccount({ ...prop, evaluation });
        await changed(row.id);
      },

      async fields(userId: string, rows: readonly TradingAccountRow[]): Promise<Map<string, PropFields>> {
        const ids = rows.map((r) => r.id);
        const [props, objectives] = await Promise.all([repo.propAccountsOf(userId, ids), objectivesOf(ids)]);
        const out = new Map<string, PropFields>();
        const nowMs = clock.now().getTime();
        for (const id of ids) {
          const prop = props.find((p) => p.accountId === id);
          const objs = objectives.get(id) ?? [];
          if (!prop && objs.length === 0) continue;
          const c = prop ? challengeOf(prop) : undefined;
          out.set(id, {
            propFirm: prop && c ? toAccountProp(prop, c, nowMs) : null,
            objectives: objs.map((o) => ({
              objectiveId: o.objective.id,
              kind: o.objective.type as PropFields['objectives'][number]['kind'],
              name: o.objective.name,
              unit: unitOf(o.objective.type as Parameters<typeof unitOf>[0]),
              value: o.value,
            })),
            rules: prop && c ? describeRules(ruleSetOf(c), phaseRules(ruleSetOf(c), prop.phase)) : [],
          });
        }
        return out;
      },

      async beforeReset(account: TradingAccountRow) {
        if (await repo.propAccount(account.id)) {
          throw propError(
            'PROP_CHALLENGE_ACCOUNT',
            'A challenge account cannot be reset: its trades are the challenge’s record. End the challenge first (DELETE /trading/accounts/{id}/challenge).',
          );
        }
      },

      async orderCheck(account: TradingAccountRow, read?: PropAccountRow | null): Promise<OrderCheck | undefined> {
        const prop = read === undefined ? await repo.propAccount(account.id) : (read ?? undefined);
        if (!prop) return undefined;
        const ruleSet = ruleSetOf(challengeOf(prop));
        const { engine } = evaluationOf(prop);
        const news = await calendarNewsNear(deps.news, market, clock.now().getTime());
        return (current: TradingAccountRow, order: ProposedOrderFacts) => {
          if (prop.state === 'failed') {
            throw propError(
              'PROP_ACCOUNT_FAILED',
              `This account failed its challenge on ${prop.failedAt?.toISOString()} and can no longer trade: ${prop.failedReason}`,
            );
          }
          if (prop.state === 'completed') {
            throw propError(
              'PROP_ACCOUNT_FAILED',
              'This account has completed its challenge and takes no more orders.',
            );
          }
          const state: PropState = { ...engine, balanceMinor: decimalToMinor(current.balance, current.currency) };
          if (prop.state === 'paused' && prop.pausedUntil && prop.pausedUntil.getTime() > order.nowMs) {
            state.pausedUntilMs = prop.pausedUntil.getTime();
          }
          const refusals = orderRefusals(ruleSet, state, order, { nowMs: order.nowMs, news });
          const first = refusals[0];
          if (!first) return;
          const fields = refusals.map((r) => {
            const field = WIRE_FIELDS[r.field] ?? r.field;
            const message = r.message.startsWith(r.field) ? `${field}${r.message.slice(r.field.length)}` : r.message;
            return { field, message, rule: r.rule };
          });
          const code =
            first.rule === 'paused'
              ? 'PROP_TRADING_PAUSED'
              : first.rule === 'failed'
                ? 'PROP_ACCOUNT_FAILED'
                : 'PROP_RULE_REFUSED';
          throw propError(code, fields[0]!.message, { fields });
        };
      },
    },

    /**
     * DELETE /trading/accounts/{id}/challenge: the challenge ends for good; the account stays a plain virtual
     * account with its balance and history (trades of every phase), or is archived with `archive`.
     */
    async endChallenge(userId: string, accountId: string, body: EndChallengeBody): Promise<TradingAccount> {
      const { prop } = await ownedProp(userId, accountId);
      if (!prop) {
        throw propError('PROP_NO_CHALLENGE', 'This account is not in a prop-firm challenge; there is nothing to end.');
      }
      if (body.archive) await accounts.archive(userId, accountId);
      await repo.deletePropAccount(userId, accountId);
      await changed(accountId);
      return accounts.get(userId, accountId);
    },

    /** GET /trading/objectives/{accountId}: the challenge's rule status (if any) and the account's objectives. */
    async goals(userId: string, accountId: string): Promise<AccountGoals> {
      const { account, prop } = await ownedProp(userId, accountId);
      const objectives = (await objectivesOf([account.id])).get(account.id) ?? [];
      const state = prop ? await liveState(prop) : await objectivesOnlyState(account);
      return goalsFrom(account.id, prop, state, objectives, clock.now().getTime());
    },

    /**
     * The goals of an account without a challenge that has objectives (undefined otherwise), for the live event
     * after its deals or objectives changed.
     */
    async plainGoals(accountId: string): Promise<AccountGoals | undefined> {
      const objectives = (await objectivesOf([accountId])).get(accountId) ?? [];
      if (objectives.length === 0 || (await repo.propAccount(accountId))) return undefined;
      const held = await orders.holdings(accountId);
      if (!held) return undefined;
      const state = await objectivesOnlyState(held.account);
      return goalsFrom(accountId, undefined, state, objectives, clock.now().getTime());
    },

    /** Tells the evaluation job that an account's objectives changed. */
    changed,
  };
}
export type PropService = ReturnType<typeof createPropService>;
