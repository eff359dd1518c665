import { tokenTtl } from '@tradedesk/contracts';
import type { Clock } from '../../platform/clock.js';
import type { JobDefinition } from '../../platform/jobs/job-runner.js';
import type { AuthCleanupRepository } from './auth.repository.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How often the leader runs the cleanup. */
export const AUTH_CLEANUP_INTERVAL_MS = 10 * 60 * 1000;
/** Rows deleted per statement: short statements keep locks brief on a busy table. */
export const AUTH_CLEANUP_BATCH = 500;

/**
 * How long rows outlive their use, and why:
 * - An expired emailed link is kept a week, so a person who clicks an old link is told it expired (and to ask
 *   for a new one) rather than that it is not valid.
 * - An expired two-factor challenge is kept an hour, for the same reason ("expired, sign in again").
 * - Refresh tokens are deleted family by family (one session, one kind), and only once every token of the
 *   family has expired. A spent (rotated) token must stay while any token of its family can still be used:
 *   presenting a spent token is how a stolen token is detected (refresh() revokes the whole session on reuse,
 *   even when the spent token itself has expired, because its successors may be in a thief's hands). Once the
 *   newest token of the family has expired, nobody, thief or owner, can refresh in it, so its spent tokens
 *   protect nothing and go with the rest.
 * - A revoked session is kept for the longest refresh lifetime (7 days): its tokens are refused by name
 *   ("signed out") until they would have expired anyway. A session left with no refresh token at all can never
 *   be refreshed again; its access tokens expired with its last refresh long before.
 */
export const authRetention = {
  emailTokenMs: 7 * DAY_MS,
  challengeMs: HOUR_MS,
  revokedSessionMs: Math.max(tokenTtl.refresh, tokenTtl.tradingRefresh) * 1000,
  /** A session gets its refresh tokens right after it is created; younger ones are never taken for spent. */
  newSessionMs: HOUR_MS,
} as const;

export type AuthCleanupResult = { emailTokens: number; challenges: number; refreshTokens: number; sessions: number };

/** The leader's cleanup of expired links, challenges, dead refresh-token families and spent sessions. */
export function createAuthCleanup(deps: {
  repo: AuthCleanupRepository;
  clock: Clock;
  batchSize?: number;
  log?: { info(obj: object, msg: string): void };
}) {
  const batch = deps.batchSize ?? AUTH_CLEANUP_BATCH;

  /** Repeats a bounded delete until a batch comes back short or the run is aborted. */
  async function drain(step: () => Promise<number>, signal: AbortSignal | undefined): Promise<number> {
    let total = 0;
    for (;;) {
      if (signal?.aborted) return total;
      const deleted = await step();
      total += deleted;
      if (deleted < batch) return total;
    }
  }

  async function run(signal?: AbortSignal): Promise<AuthCleanupResult> {
    const now = deps.clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const { repo } = deps;
    const result: AuthCleanupResult = {
      emailTokens: await drain(
        () => repo.deleteEmailTokensExpiredBefore(ago(authRetention.emailTokenMs), batch),
        signal,
      ),
      challenges: await drain(() => repo.deleteChallengesExpiredBefore(ago(authRetention.challengeMs), batch), signal),
      refreshTokens: await drain(() => repo.deleteDeadRefreshFamilies(now, batch), signal),
      sessions: await drain(
        () => repo.deleteSpentSessions(ago(authRetention.revokedSessionMs), ago(authRetention.newSessionMs), batch),
        signal,
      ),
    };
    if (Object.values(result).some((n) => n > 0)) deps.log?.info({ deleted: result }, 'auth cleanup');
    return result;
  }

  const job: JobDefinition = {
    name: 'auth-cleanup',
    intervalMs: AUTH_CLEANUP_INTERVAL_MS,
    // First run one interval after taking the lead: a start-up is busy enough.
    runOnLeadership: false,
    run: ({ signal }) => run(signal).then(() => undefined),
  };

  return { run, job };
}
export type AuthCleanup = ReturnType<typeof createAuthCleanup>;
