/** Calendar periods that reset session indicators (VWAP) and define pivot periods. */
export const ANCHORS = ['day', 'week', 'month'] as const;
export type Anchor = (typeof ANCHORS)[number];

const DAY = 86_400;

/** Month index (year*12 + month) of a day number since 1970-01-01, by the civil-from-days algorithm. */
function monthOfDay(day: number): number {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9; // 1..12
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return year * 12 + (month - 1);
}

/**
 * A number that changes exactly when a new period starts: the period (day, week from Monday, month) holding
 * `time` (unix seconds) when the day boundary is `startMinute` minutes after 00:00 UTC.
 */
export function periodKey(time: number, anchor: Anchor, startMinute: number): number {
  const day = Math.floor((time - startMinute * 60) / DAY);
  if (anchor === 'day') return day;
  // 1970-01-01 was a Thursday: shifting by 3 makes weeks start on Monday
  if (anchor === 'week') return Math.floor((day + 3) / 7);
  return monthOfDay(day);
}
