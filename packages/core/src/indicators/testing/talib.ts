// Test-only: TA-Lib's C code (the talib-web WebAssembly build) called directly, as the independent reference.
// talib-web's own wrapper passes an end index one past the data and drops the output begin index, so the
// exported TA_* functions are called with explicit pointers instead.
import { createRequire } from 'node:module';
import { init } from 'talib-web';

interface TalibModule {
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  HEAPF64: Float64Array;
  HEAP32: Int32Array;
  [fn: `_TA_${string}`]: (...args: number[]) => number;
}

let module: TalibModule | null = null;

/** Loads the WebAssembly module once. Node's fetch cannot read a file path, so it is hidden while loading. */
export async function loadTalib(): Promise<void> {
  if (module) return;
  const wasm = createRequire(import.meta.url).resolve('talib-web/lib/talib.wasm');
  const saved = globalThis.fetch;
  Reflect.deleteProperty(globalThis, 'fetch');
  try {
    module = (await init(wasm)) as TalibModule;
  } finally {
    globalThis.fetch = saved;
  }
}

/**
 * Calls TA_<name>(0, n-1, inputs..., options..., &begin, &count, outputs...) and returns each output as a
 * Float64Array the length of the input with NaN before TA-Lib's first value.
 */
export function talib(
  name: string,
  inputs: readonly Float64Array[],
  options: readonly number[],
  outputs = 1,
): Float64Array[] {
  const m = module;
  if (!m) throw new Error('Call loadTalib() first.');
  const n = inputs[0]!.length;
  const bytes = n * 8;
  const inPtrs = inputs.map((a) => {
    const ptr = m._malloc(bytes);
    m.HEAPF64.set(a, ptr / 8);
    return ptr;
  });
  const outPtrs = Array.from({ length: outputs }, () => m._malloc(bytes));
  const beg = m._malloc(8);
  const count = beg + 4;
  const fn = m[`_TA_${name}`];
  if (!fn) throw new Error(`TA-Lib has no function TA_${name}.`);
  const code = fn(0, n - 1, ...inPtrs, ...options, beg, count, ...outPtrs);
  const begin = m.HEAP32[beg / 4]!;
  const nb = m.HEAP32[count / 4]!;
  const result = outPtrs.map((ptr) => {
    const out = new Float64Array(n).fill(Number.NaN);
    out.set(m.HEAPF64.subarray(ptr / 8, ptr / 8 + nb), begin);
    return out;
  });
  for (const p of [...inPtrs, ...outPtrs, beg]) m._free(p);
  if (code !== 0) throw new Error(`TA_${name} failed with TA-Lib return code ${code}.`);
  return result;
}

/** TA-Lib's MA type numbers. */
export const MA = { SMA: 0, EMA: 1 } as const;
