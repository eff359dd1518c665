/**
 * What the built-in analyst says about itself. It is not a language model and says so; when it does not
 * understand a question it answers with the list of what it can answer (docs/ai-analyst.md has the full set).
 */

export const ANALYST_EXAMPLES = [
  'How did I do this week?',
  'What is my win rate by day of week this month?',
  'Which session is my best?',
  'How much room do I have left today on my prop account?',
  'How much EURUSD can I buy with a 20 pip stop?',
  'Upcoming high-impact events and news for EURUSD',
  'RSI on EURUSD 1h',
  'Did I follow my playbook last week?',
  'Summarise my journal this week',
  'Buy EURUSD with stop 1.0800 on my prop account',
  'Set an alert on EURUSD at 1.0900',
] as const;

const LIST = ANALYST_EXAMPLES.map((q) => `- "${q}"`).join('\n');

export const INTRO =
  "I'm the built-in analyst: not a language model, but a fixed set of questions I answer from your own accounts, " +
  'trades, rules, calendar and news with real figures. Nothing I do changes anything until you confirm it.';

export function helpText(): string {
  return `${INTRO}\n\nYou can ask, for example:\n${LIST}\n\nThe operator can also connect a language model for open questions.`;
}

export function cannotAnswerText(): string {
  return (
    "I can't answer that: I'm the built-in analyst, not a language model, and I only understand a fixed set of " +
    `questions about your trading. Questions I can answer look like:\n${LIST}`
  );
}
