import { isValidTimeZone, zoneOffsetMinutes } from '../time-zones.js';

/**
 * Wall-clock times of an IANA time zone to UTC instants and back, in unix seconds, on the market's own zone
 * offsets (../time-zones.ts). Offsets are kept per quarter hour of UTC (every zone's changes of offset since
 * 1972 fall on a quarter hour), so a file of a million one-minute bars looks up each quarter hour once.
 */

/** Whether this runtime knows the IANA time zone (UTC included). */
export const isKnownTimeZone = isValidTimeZone;

const QUARTER_HOUR = 900;

export type WallClockResolution =
  | { kind: 'exact'; utc: number }
  /** The wall-clock time happened twice (the clocks went back): both instants, earlier first. */
  | { kind: 'ambiguous'; earlier: number; later: number }
  /** The wall-clock time never happened (the clocks went forward over it). */
  | { kind: 'skipped' };

/** Converts wall-clock times of one zone to UTC; keeps the offsets it has looked up. */
export class ZoneClock {
  readonly isUtc: boolean;
  private readonly offsets = new Map<number, number>();

  constructor(readonly zone: string) {
    this.isUtc = zone === 'UTC' || zone === 'Etc/UTC';
    if (!this.isUtc && !isValidTimeZone(zone)) throw new RangeError(`Invalid time zone specified: ${zone}`);
  }

  /** Offset (seconds) of the zone at the UTC instant `utc`. */
  offsetAt(utc: number): number {
    if (this.isUtc) return 0;
    const key = Math.floor(utc / QUARTER_HOUR);
    let offset = this.offsets.get(key);
    if (offset === undefined) {
      if (this.offsets.size > 20_000) this.offsets.clear();
      offset = zoneOffsetMinutes(this.zone, key * QUARTER_HOUR * 1000) * 60;
      this.offsets.set(key, offset);
    }
    return offset;
  }

  /** The UTC instant(s) at which the zone's clocks showed `wall` (a wall-clock time written as unix seconds). */
  resolve(wall: number): WallClockResolution {
    if (this.isUtc) return { kind: 'exact', utc: wall };
    // No zone changes its offset twice within a day: the offsets half a day either side are the only candidates.
    const before = this.offsetAt(wall - 43_200);
    const after = this.offsetAt(wall + 43_200);
    const found: number[] = [];
    for (const offset of before === after ? [before] : [before, after]) {
      const utc = wall - offset;
      if (this.offsetAt(utc) === offset) found.push(utc);
    }
    if (found.length === 0) return { kind: 'skipped' };
    if (found.length === 1) return { kind: 'exact', utc: found[0]! };
    const [a, b] = found as [number, number];
    return { kind: 'ambiguous', earlier: Math.min(a, b), later: Math.max(a, b) };
  }

  /** The zone's wall-clock time (as unix seconds) at the UTC instant `utc`. */
  wallAt(utc: number): number {
    return utc + this.offsetAt(utc);
  }
}
