/**
 * The tracker of manual setups (a trade idea marked on a chart: direction, entry zone, stop, target), pure: each
 * quote moves a setup through its statuses.
 *
 *   watching    -> triggered    the entry-side price is in the entry zone [entryFrom, entryTo], or went through it
 *                               since the last quote (from one side to the other)
 *   watching    -> invalidated  the exit-side price reached the stop before the setup triggered (checked first:
 *                               a quote that would do both invalidates)
 *   triggered   -> stopped      the exit-side price reached the stop
 *   triggered   -> target_hit   the exit-side price reached the target
 *   invalidated, stopped, target_hit: final.
 *
 * Sides as a position's: a long enters at the ask and exits (stop, target) at the bid; a short enters at the bid
 * and exits at the ask. A long's stop is below its zone and its target above; a short's the other way round.
 */

export type SetupStatus = 'watching' | 'triggered' | 'invalidated' | 'target_hit' | 'stopped';
export const SETUP_FINAL_STATUSES: readonly SetupStatus[] = ['invalidated', 'target_hit', 'stopped'];

export interface SetupLevels {
  direction: 'long' | 'short';
  /** The zone's low and high (equal for a single price). */
  entryFrom: number;
  entryTo: number;
  stopLoss: number | null;
  takeProfit: number | null;
}

export interface SetupQuote {
  bid: number;
  ask: number;
}

export interface SetupStep {
  status: SetupStatus;
  /** The quote's price that made the change (entry side for triggered, exit side otherwise); null when unchanged. */
  price: number | null;
}

/** The levels' first problem (the field and a sentence), or null: stop and target on the right side of the zone. */
export function setupLevelsProblem(l: SetupLevels): { field: 'stop_loss' | 'take_profit'; message: string } | null {
  const long = l.direction === 'long';
  if (l.stopLoss !== null && (long ? l.stopLoss >= l.entryFrom : l.stopLoss <= l.entryTo)) {
    return {
      field: 'stop_loss',
      message: long
        ? `stop_loss must be below the entry zone of a long setup (its low is ${l.entryFrom}).`
        : `stop_loss must be above the entry zone of a short setup (its high is ${l.entryTo}).`,
    };
  }
  if (l.takeProfit !== null && (long ? l.takeProfit <= l.entryTo : l.takeProfit >= l.entryFrom)) {
    return {
      field: 'take_profit',
      message: long
        ? `take_profit must be above the entry zone of a long setup (its high is ${l.entryTo}).`
        : `take_profit must be below the entry zone of a short setup (its low is ${l.entryFrom}).`,
    };
  }
  return null;
}

/** The price a setup enters at (a long: ask) and the price it exits at (a long: bid). */
export function setupPrices(direction: 'long' | 'short', q: SetupQuote): { entry: number; exit: number } {
  return direction === 'long' ? { entry: q.ask, exit: q.bid } : { entry: q.bid, exit: q.ask };
}

/**
 * The setup's status after a quote. `previous` is the quote before it (for a zone the price went through between
 * two quotes); undefined for the first quote seen.
 */
export function advanceSetup(
  levels: SetupLevels,
  status: SetupStatus,
  quote: SetupQuote,
  previous?: SetupQuote,
): SetupStep {
  const long = levels.direction === 'long';
  const { entry, exit } = setupPrices(levels.direction, quote);
  const stopReached = levels.stopLoss !== null && (long ? exit <= levels.stopLoss : exit >= levels.stopLoss);
  if (status === 'watching') {
    if (stopReached) return { status: 'invalidated', price: exit };
    const inZone = entry >= levels.entryFrom && entry <= levels.entryTo;
    let through = false;
    if (!inZone && previous) {
      const before = setupPrices(levels.direction, previous).entry;
      through =
        (before < levels.entryFrom && entry > levels.entryTo) || (before > levels.entryTo && entry < levels.entryFrom);
    }
    return inZone || through ? { status: 'triggered', price: entry } : { status, price: null };
  }
  if (status === 'triggered') {
    if (stopReached) return { status: 'stopped', price: exit };
    const targetReached = levels.takeProfit !== null && (long ? exit >= levels.takeProfit : exit <= levels.takeProfit);
    if (targetReached) return { status: 'target_hit', price: exit };
  }
  return { status, price: null };
}
