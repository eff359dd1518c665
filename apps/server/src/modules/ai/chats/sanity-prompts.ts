import type { AiSanityCategory, AiSanityPrompt } from '@tradedesk/contracts';

/**
 * Starter questions shown on an empty chat, grouped by category. Each is a question the built-in analyst
 * understands (docs/ai-analyst.md), so it answers them with real figures when no model is configured.
 */
export const SANITY_CATEGORIES: AiSanityCategory[] = [
  { id: 'performance', name: 'Performance', description: 'Results over a period, by time, day, session or symbol.' },
  { id: 'risk', name: 'Risk and prop rules', description: 'Challenge objectives, room left today, position size.' },
  { id: 'market', name: 'Market', description: 'Upcoming events, news and indicator readings for a symbol.' },
  { id: 'playbook', name: 'Playbook and journal', description: 'Rule compliance and journal summaries.' },
  { id: 'actions', name: 'Actions', description: 'Alerts, order drafts, watchlists and notes, confirmed by you.' },
];

const byCategory: Record<string, string[]> = {
  performance: [
    'How did I do this week?',
    'Show my performance last month by day of week.',
    'Which hours of the day are my best this month?',
    'How did I do by session this year?',
    'Which symbols made and lost me the most this month?',
  ],
  risk: [
    'What is the status of my prop challenge?',
    'How much room do I have left today on my prop account?',
    'How much EURUSD can I buy with a 20 pip stop?',
  ],
  market: ['What events are coming up for EURUSD?', 'Any news on NVDA?', 'What is the RSI on EURUSD 1h?'],
  playbook: ['How well did I follow my playbook this month?', 'Summarise my journal for last week.'],
  actions: [
    'Set an alert on EURUSD at 1.09.',
    'Buy EURUSD with a 20 pip stop on my prop account.',
    'Add NVDA to my watchlist.',
  ],
};

export const SANITY_PROMPTS: AiSanityPrompt[] = Object.entries(byCategory).flatMap(([category, texts]) =>
  texts.map((text, i) => ({ id: `${category}-${i + 1}`, category, text })),
);
