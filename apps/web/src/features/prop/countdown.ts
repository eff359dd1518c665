/** Whole hours, minutes and seconds left until `targetMs`, never negative: "5 h 07 min 03 s", "7 min 03 s". */
export function countdownText(targetMs: number, nowMs: number): string {
  const left = Math.max(0, Math.floor((targetMs - nowMs) / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h} h ${two(m)} min ${two(s)} s`;
  return `${m} min ${two(s)} s`;
}

/** A zone's short name at an instant ("CET", "EST", "GMT+1"), for labels beside a time shown in that zone. */
export function zoneName(timeZone: string, atMs: number): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(atMs);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}
