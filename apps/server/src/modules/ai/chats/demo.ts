import type { AiMention } from '@tradedesk/contracts';
import type { ChatsRepository } from './chats.repository.js';
import type { ChatsService } from './chats.service.js';
import type { ConversationService } from './conversation.js';
import type { LibraryService } from './library.service.js';

export const DEMO_AI_FOLDER = 'Pre-trade checks';

/** The demo user's questions, each one the built-in analyst understands (docs/ai-analyst.md). */
export const DEMO_AI_QUESTIONS = {
  review: ['How did I do this week?', 'Show my performance this month by day of week.'],
  preTrade: [
    'How much room do I have left today on my prop account?',
    'Buy EURUSD with a 20 pip stop on my prop account.',
  ],
} as const;

/**
 * The demo user's AI assistant: a folder "Pre-trade checks" with a prompt, a performance review chat, and a
 * pre-trade check on the prop account that ends with an order drafted (proposed, never sent). Every answer is a
 * real turn through `conversation.ask`, so its figures are the user's own. Runs once: skipped when the folder exists.
 */
export async function seedAiDemo(
  deps: { conversation: ConversationService; library: LibraryService; chats: ChatsService; repo: ChatsRepository },
  userId: string,
  options: { propAccountId?: string | null },
): Promise<boolean> {
  const folders = await deps.library.listFolders(userId);
  if (folders.some((f) => f.name === DEMO_AI_FOLDER)) return false;
  const folder = await deps.library.createFolder(userId, {
    name: DEMO_AI_FOLDER,
    color: '#00DF80',
    type: 'CHAT',
    instructions:
      'Before any trade: check the room left today on the prop account, the high-impact events of the next hours ' +
      'for the symbol, and size the position from the stop so a loss stays within 1 % of the balance.',
  });
  await deps.library.createPrompt(userId, {
    name: 'Pre-trade check',
    prompt:
      'Before I trade {{symbol}}: how much room do I have left today on my prop account, which events are coming ' +
      'up for {{symbol}}, and how much {{symbol}} can I buy with a {{stop_pips}} pip stop?',
    folder_id: folder.id,
    command: 'pretrade',
  });

  const signal = new AbortController().signal;
  const emit = () => {};
  const review = await deps.chats.create(userId, { title: 'Weekly performance review' });
  for (const content of DEMO_AI_QUESTIONS.review)
    await deps.conversation.ask({ userId, chatId: review.id, agent: null, content, signal, emit });

  const check = await deps.chats.create(userId, {
    title: 'Pre-trade check: EURUSD on the challenge',
    folder_id: folder.id,
  });
  const mentions: AiMention[] = options.propAccountId
    ? [{ category: 'account', option: options.propAccountId, subOption: null }]
    : [];
  for (const content of DEMO_AI_QUESTIONS.preTrade)
    await deps.conversation.ask({ userId, chatId: check.id, agent: null, content, mentions, signal, emit });
  // the review is the chat a newcomer sees first
  await deps.repo.updateChat(userId, review.id, { pinned: true });
  return true;
}
