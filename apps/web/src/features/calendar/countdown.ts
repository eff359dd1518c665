/** "2d 4h", "3h 05m", "4m 09s", "12s": the time left until an event, to the second close to it. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${two(minutes)}m`;
  if (minutes > 0) return `${minutes}m ${two(seconds)}s`;
  return `${seconds}s`;
}

/** The first item whose time is after `now` (ms), in time order; null when none is to come. */
export function nextOf<T>(items: readonly T[], now: number, timeOf: (item: T) => string): T | null {
  let best: T | null = null;
  let bestTime = Number.POSITIVE_INFINITY;
  for (const item of items) {
    const t = Date.parse(timeOf(item));
    if (t > now && t < bestTime) {
      best = item;
      bestTime = t;
    }
  }
  return best;
}

/** "in 2h 05m" for a time to come, "now" once it has come. */
export function countdownText(ms: number): string {
  return ms > 0 ? `in ${formatCountdown(ms)}` : 'now';
}
