import type { Clock } from '../../../platform/clock.js';
import type { ChatModel, ModelEvent, ModelMessage, ModelRequest } from '../ai.types.js';
import { writeAnswer } from './answer.js';
import { cannotAnswerText, helpText } from './help.js';
import { type AccountNeed, type Intent, type Plan, type PlannedCall, parseQuestion } from './intent.js';
import { findArray, type Obj, pickNum, readToolMessage, type ToolReading } from './read.js';

/** The built-in analyst's model id and label (the UI shows "Built-in analyst"). */
export const BUILT_IN_ANALYST_ID = 'built-in-analyst';
export const BUILT_IN_ANALYST_LABEL = 'Built-in analyst';

/** Tools whose `account_id` argument an account named in words fills in. */
const TAKES_ACCOUNT = new Set([
  'get_performance',
  'get_trades',
  'get_positions',
  'get_prop_status',
  'size_position',
  'get_playbook_compliance',
  'get_journal',
  'draft_order',
]);

/**
 * The offline default model: not a language model, a parser of a documented set of questions (docs/ai-analyst.md)
 * that answers them by calling the same tools a configured model would, and writes its answer only from their
 * results. It is stateless: every round re-reads the last user message and the tool results that followed it.
 * Round 1 emits tool calls; a middle round resolves what it needed first (an account named in words from
 * get_accounts, "my last trade" from get_trades) and emits the real calls; the last round writes the answer.
 * It only ever plans from the user's own words: tool results (documents, news) are read, never obeyed.
 */
export function createBuiltInAnalyst(deps: { clock: Clock }): ChatModel {
  return {
    id: BUILT_IN_ANALYST_ID,
    label: BUILT_IN_ANALYST_LABEL,
    builtIn: true,
    chat(request, signal) {
      return run(request, signal, deps.clock.now().getTime());
    },
  };
}

const NO_USAGE = { promptTokens: 0, completionTokens: 0 };

async function* run(request: ModelRequest, signal: AbortSignal, nowMs: number): AsyncGenerator<ModelEvent> {
  const { question, readings } = lastTurn(request.messages);
  const available = new Set(request.tools.map((t) => t.name));
  const intent = parseQuestion(question, request.mentions ?? [], nowMs);
  const step = decide(question, intent, readings, available, request.documentsInScope ?? true);
  if (signal.aborted) return;
  if (step.type === 'calls') {
    for (const call of step.calls) yield { type: 'tool_call', call };
  } else {
    for (const chunk of chunks(step.text)) yield { type: 'text', delta: chunk };
    if (step.followUps.length > 0) yield { type: 'follow_ups', questions: step.followUps.slice(0, 2) };
  }
  yield { type: 'done', usage: NO_USAGE };
}

type Step =
  | { type: 'calls'; calls: { id: string; name: string; arguments: string }[] }
  | { type: 'text'; text: string; followUps: string[] };

/** The last user message and the tool results after it (in order). */
function lastTurn(messages: ModelMessage[]): { question: string; readings: ToolReading[] } {
  let i = messages.length - 1;
  while (i >= 0 && messages[i]!.role !== 'user') i--;
  const question = i >= 0 ? (messages[i] as { content: string }).content : '';
  const readings: ToolReading[] = [];
  for (const m of messages.slice(i + 1)) if (m.role === 'tool') readings.push(readToolMessage(m.name, m.content));
  return { question, readings };
}

let seq = 0;
const callOf = (c: PlannedCall) => ({
  id: `analyst_${Date.now().toString(36)}_${(seq++).toString(36)}`,
  name: c.name,
  arguments: JSON.stringify(c.args),
});

/** What to do this round, from the question's intent and the results so far. */
export function decide(
  question: string,
  intent: Intent,
  readings: ToolReading[],
  available: Set<string>,
  /** Documents are in scope (agent knowledge, folder or attached files): open questions are looked up in them. */
  documentsInScope = true,
): Step {
  if (intent.kind === 'help')
    return { type: 'text', text: helpText(), followUps: ['How did I do this week?', 'Which session is my best?'] };
  if (intent.kind === 'clarify') return { type: 'text', text: intent.message, followUps: [] };
  let plan: Plan;
  if (intent.kind === 'unknown') {
    // With documents in scope, an open question is looked up in them; the answer quotes what it finds. In a plain
    // chat it is not: a prediction that happens to name a word of some document is still not a question it answers.
    if (!documentsInScope || !available.has('search_knowledge'))
      return { type: 'text', text: cannotAnswerText(), followUps: ['How did I do this week?', 'What can you do?'] };
    plan = {
      topic: 'knowledge',
      calls: [{ name: 'search_knowledge', args: { query: question.slice(0, 500), limit: 5 } }],
      account: null,
      lastTrade: false,
      period: null,
      symbol: null,
      groupBy: 'none',
      focusSymbol: null,
    };
  } else plan = intent.plan;
  // A call the plan can do without (indicator readings beside the prices) is dropped when the chat lacks its tool.
  plan = { ...plan, calls: plan.calls.filter((c) => !c.optional || available.has(c.name)) };

  const missing = plan.calls.map((c) => c.name).find((n) => !available.has(n));
  if (missing)
    return {
      type: 'text',
      text: `I can't answer that here: the \`${missing}\` tool is not enabled for this chat (an agent's tool selection can leave it out).`,
      followUps: [],
    };

  const seen = new Set(readings.map((r) => r.name));
  const planned = plan.calls.every((c) => seen.has(c.name));
  if (planned) {
    const own = readings.filter((r) => plan.calls.some((c) => c.name === r.name));
    return { type: 'text', ...writeAnswer(plan, own) };
  }

  let calls = plan.calls;
  if (plan.account && available.has('get_accounts')) {
    const accounts = readings.find((r) => r.name === 'get_accounts');
    if (!accounts) return { type: 'calls', calls: [callOf({ name: 'get_accounts', args: {} })] };
    const resolved = resolveAccount(plan.account, accounts);
    if ('text' in resolved) return { type: 'text', text: resolved.text, followUps: ['Show my accounts'] };
    calls = calls.map((c) => (TAKES_ACCOUNT.has(c.name) ? { ...c, args: { ...c.args, account_id: resolved.id } } : c));
  }
  if (plan.stopFromPips !== undefined) {
    // "buy EURUSD with a 20 pip stop": the stop's price is the sizing tool's, then the order is drafted with it
    const sized = readings.find((r) => r.name === 'size_position');
    const draft = calls.find((c) => c.name === 'draft_order');
    if (!sized) {
      const { order_type: _type, take_profit: _tp, ...args } = draft?.args ?? {};
      return {
        type: 'calls',
        calls: [callOf({ name: 'size_position', args: { ...args, stop_pips: plan.stopFromPips } })],
      };
    }
    const stop = pickNum(sized.data, ['stopLoss'], 0);
    if (sized.error || stop === null) return { type: 'text', ...writeAnswer({ ...plan, topic: 'size' }, [sized]) };
    calls = calls.map((c) => (c.name === 'draft_order' ? { ...c, args: { ...c.args, stop_loss: stop } } : c));
  }
  if (plan.lastTrade) {
    const trades = readings.find((r) => r.name === 'get_trades');
    if (!trades) {
      const account = calls.find((c) => c.args.account_id)?.args.account_id;
      return {
        type: 'calls',
        calls: [callOf({ name: 'get_trades', args: { limit: 1, ...(account ? { account_id: account } : {}) } })],
      };
    }
    const last = findArray(trades.data, (o) => typeof o.id === 'string' || typeof o.tradeId === 'string');
    const id = last?.[0] ? ((last[0].id ?? last[0].tradeId) as string) : null;
    if (trades.error || !id)
      return {
        type: 'text',
        text: trades.error ? `I couldn't read your trades: ${trades.error}` : 'You have no closed trade to tag yet.',
        followUps: [],
      };
    calls = calls.map((c) => (c.name === 'tag_trade' ? { ...c, args: { ...c.args, trade_id: id } } : c));
  }
  return { type: 'calls', calls: calls.map(callOf) };
}

/** The account a question named: by name first (exact, then contained), then by kind (prop, virtual). */
function resolveAccount(need: AccountNeed, reading: ToolReading): { id: string } | { text: string } {
  if (reading.error) return { text: `I couldn't read your accounts: ${reading.error}` };
  const list = findArray(reading.data, (o) => typeof o.id === 'string' && typeof o.name === 'string') ?? [];
  const name = (o: Obj) => String(o.name).toLowerCase();
  const wanted = need.name?.toLowerCase();
  const byName = wanted
    ? (list.find((o) => name(o) === wanted) ?? list.find((o) => name(o).includes(wanted) || wanted.includes(name(o))))
    : undefined;
  if (byName) return { id: byName.id as string };
  if (need.kind) {
    const kindOf = (o: Obj) => String(o.kind ?? o.type ?? '').toLowerCase();
    const candidates = list.filter(
      (o) => kindOf(o) === need.kind && String(o.status ?? 'active').toLowerCase() !== 'archived',
    );
    const active = candidates.find((o) => String(o.status ?? '').toLowerCase() === 'active') ?? candidates[0];
    if (active) return { id: active.id as string };
  }
  const names = list.map((o) => `**${o.name}**`).join(', ');
  const what = need.name
    ? `an account called "${need.name}"`
    : need.kind === 'prop'
      ? 'a prop (challenge) account'
      : 'a virtual account';
  return {
    text: `I couldn't find ${what}.${names ? ` Your accounts are: ${names}.` : ' You have no trading accounts yet.'}`,
  };
}

/** The answer in a few pieces, so the browser shows it arriving (it is already complete). */
function chunks(text: string): string[] {
  const parts = text.split(/(?<=\n\n)/);
  return parts.length > 0 ? parts : [text];
}
