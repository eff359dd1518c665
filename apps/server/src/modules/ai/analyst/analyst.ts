import type { Clock } from '../../../platform/clock.js';
import type { ChatModel } from '../ai.types.js';

/** The built-in analyst's model id and label (the UI shows "Built-in analyst"). */
export const BUILT_IN_ANALYST_ID = 'built-in-analyst';
export const BUILT_IN_ANALYST_LABEL = 'Built-in analyst';

/**
 * The offline default model: not a language model, a parser of a documented set of questions (docs/ai-analyst.md)
 * that answers them by calling the same tools a configured model would, and writes its answer only from their
 * results. Round 1 emits tool calls for the last user message; later rounds (it sees the `tool` messages) either
 * resolve what it needed (an account named in words, "my last trade") with one more call, or write the answer.
 */
export function createBuiltInAnalyst(deps: { clock: Clock }): ChatModel {
  void deps;
  throw new Error('createBuiltInAnalyst: in progress');
}
