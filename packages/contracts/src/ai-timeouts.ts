/*
 * Its own module (a subpath export) so the web's AI calls read these numbers without the schemas of the package.
 */

/** Spec section 9: the client's timeouts; the server bounds a streamed turn by the longest. */
export const AI_TIMEOUTS = {
  /** A single chat fetch and deletes. */
  chatFetchMs: 30_000,
  /** Uploads, scanned images and agent chat (and any streamed turn). */
  turnMs: 5 * 60_000,
  /** Agent knowledge, tool and history calls. */
  historyMs: 10_000,
} as const;
