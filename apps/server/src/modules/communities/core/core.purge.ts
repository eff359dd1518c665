import type { Clock } from '../../../platform/clock.js';
import type { JobDefinition } from '../../../platform/jobs/job-runner.js';
import type { CoreRepository } from './core.repository.js';

/** How often the leader looks for communities whose grace period ended. */
export const COMMUNITY_PURGE_INTERVAL_MS = 15 * 60 * 1000;
/** Communities deleted per statement (each cascades to everything of theirs). */
export const COMMUNITY_PURGE_BATCH = 50;

/**
 * The leader's job `community-purge`: deletes the communities whose deletion the owner did not undo within the
 * grace period (members, roles, requests, invites, the other slices' rows cascade), then their image files.
 */
export function createCommunityPurge(deps: {
  repo: Pick<CoreRepository, 'purgeDue'>;
  clock: Clock;
  removeFile: (key: string | null) => Promise<void>;
  batchSize?: number;
  log?: { info(obj: object, msg: string): void };
}) {
  const batch = deps.batchSize ?? COMMUNITY_PURGE_BATCH;

  /** One pass: deletes every past-due community (batch by batch, until a short batch or an abort); answers how many. */
  async function run(signal?: AbortSignal): Promise<number> {
    let purged = 0;
    for (;;) {
      if (signal?.aborted) break;
      const rows = await deps.repo.purgeDue(deps.clock.now(), batch);
      purged += rows.length;
      for (const row of rows) {
        await deps.removeFile(row.imageKey);
        await deps.removeFile(row.bannerKey);
      }
      if (rows.length < batch) break;
    }
    if (purged > 0) deps.log?.info({ purged }, 'communities past their deletion grace period were purged');
    return purged;
  }

  const job: JobDefinition = {
    name: 'community-purge',
    intervalMs: COMMUNITY_PURGE_INTERVAL_MS,
    run: async ({ signal }) => {
      await run(signal);
    },
  };
  return { run, job };
}
