// On its own, without imports: the lazily loaded charts chunk takes it without the metrics page's helpers.

/** The rows with a last one at the period's end (or now, if earlier) repeating the last values, when later. */
export function withTail<R extends { time: string }>(
  rows: readonly R[],
  end: string | null,
  nowMs: number,
): readonly R[] {
  const last = rows.at(-1);
  if (!last || !end) return rows;
  const tailMs = Math.min(new Date(end).getTime(), nowMs);
  if (!(tailMs > new Date(last.time).getTime())) return rows;
  return [...rows, { ...last, time: new Date(tailMs).toISOString() }];
}
