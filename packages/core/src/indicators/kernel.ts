import type { CandleArrays, PriceSource } from './types.js';

/**
 * All mutable state of a kernel lives in one Float64Array. That makes a snapshot of the state a single
 * `Float64Array.set`, which is how the live bar is recomputed many times without touching the committed state,
 * and it rules out a forgotten field: a kernel keeps configuration in closures and state only here.
 */
export class Memory {
  size = 0;
  f: Float64Array = new Float64Array(0);

  /** Reserves `n` slots and returns the offset of the first. */
  alloc(n: number): number {
    const at = this.size;
    this.size += n;
    return at;
  }

  seal(): void {
    this.f = new Float64Array(this.size);
  }
}

/**
 * The bar being consumed: a cursor over candle arrays, so moving to the next bar is one assignment and a kernel
 * reads only the fields it uses. Stepping allocates nothing.
 */
export class BarView {
  i = 0;
  constructor(private readonly c: CandleArrays) {}
  get time(): number {
    return this.c.time[this.i]!;
  }
  get open(): number {
    return this.c.open[this.i]!;
  }
  get high(): number {
    return this.c.high[this.i]!;
  }
  get low(): number {
    return this.c.low[this.i]!;
  }
  get close(): number {
    return this.c.close[this.i]!;
  }
  get volume(): number {
    return this.c.volume[this.i]!;
  }
}

/** A causal indicator: consumes bars in order and writes one value per output for each bar (NaN in warm-up). */
export interface Kernel {
  readonly memory: Memory;
  step(bar: BarView, out: Float64Array): void;
}

export type SourceFn = (b: BarView) => number;

const SOURCES: Record<PriceSource, SourceFn> = {
  close: (b) => b.close,
  open: (b) => b.open,
  high: (b) => b.high,
  low: (b) => b.low,
  hl2: (b) => (b.high + b.low) / 2,
  hlc3: (b) => (b.high + b.low + b.close) / 3,
  ohlc4: (b) => (b.open + b.high + b.low + b.close) / 4,
};

/** The function reading a price source from a bar. */
export function sourceFn(source: PriceSource): SourceFn {
  return SOURCES[source];
}

/** Builds a kernel whose memory is sealed (zeroed) once every primitive has reserved its slots. */
export function kernel(memory: Memory, step: (bar: BarView, out: Float64Array) => void): Kernel {
  memory.seal();
  return { memory, step };
}
