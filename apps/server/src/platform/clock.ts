/** The source of "now" for everything that depends on time, so tests can pin it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export function createManualClock(start: Date | string = '2026-01-05T10:00:00Z') {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set(to: Date | string) {
      current = new Date(to).getTime();
    },
    advance(ms: number) {
      current += ms;
    },
  };
}
export type ManualClock = ReturnType<typeof createManualClock>;
