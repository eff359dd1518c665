/** Whole seconds since the unix epoch for a millisecond timestamp. */
export function toUnixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}
