import type { AiUsage } from '@tradedesk/contracts';
import type { Clock } from '../../../platform/clock.js';
import { limitReached } from './chats.errors.js';
import type { ChatsRepository } from './chats.repository.js';

export type AiQuota = { dailyMessages: number; dailyTokens: number };
export const DEFAULT_AI_QUOTA: AiQuota = { dailyMessages: 200, dailyTokens: 200_000 };

/**
 * Per-user daily allowance of the assistant (UTC days): every message that starts a turn counts one (asked,
 * regenerated, reposted, edited), and its tokens count once the model reports them. Past either limit: 423 with
 * the spec's "Feature limit reached".
 */
export function createAiUsage(deps: {
  repo: ChatsRepository;
  clock: Clock;
  /** A fixed allowance, or the user's (billing: ai_messages_per_day and ai_tokens_per_day of their plan). */
  quota: AiQuota | ((userId: string) => Promise<AiQuota>);
}) {
  const day = () => deps.clock.now().toISOString().slice(0, 10);
  const quotaOf = async (userId: string) => (typeof deps.quota === 'function' ? deps.quota(userId) : deps.quota);
  return {
    async get(userId: string): Promise<AiUsage> {
      const d = day();
      const used = await deps.repo.usage(userId, d);
      const quota = await quotaOf(userId);
      return {
        day: d,
        messages: { used: used.messages, limit: quota.dailyMessages },
        tokens: { used: used.tokens, limit: quota.dailyTokens },
      };
    },
    /** Counts a message, or throws 423 when the day's messages or tokens are used up. Returns the day counted. */
    async take(userId: string): Promise<string> {
      const d = day();
      const quota = await quotaOf(userId);
      const ok = await deps.repo.takeMessage(userId, d, { messages: quota.dailyMessages, tokens: quota.dailyTokens });
      if (!ok) throw limitReached();
      return d;
    },
    async addTokens(userId: string, countedDay: string, tokens: number): Promise<void> {
      await deps.repo.addTokens(userId, countedDay, Math.max(0, Math.round(tokens)));
    },
  };
}
export type AiUsageService = ReturnType<typeof createAiUsage>;
