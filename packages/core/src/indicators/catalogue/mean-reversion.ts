import {
  COLORS,
  define,
  fill,
  floatInput,
  type IndicatorEntry,
  level,
  line,
  num,
  periodInput,
  selectInput,
  sourceInput,
  src,
  text,
} from '../define.js';
import { kernel, Memory } from '../kernel.js';
import { Delay, Ema, LinReg, Sma, StdDev } from '../primitives.js';
import { bbInputs, bollingerOf } from './volatility.js';

const NaN_ = Number.NaN;
const src0 = sourceInput();

const zScore = define({
  id: 'zScore',
  name: 'Z-Score',
  shortName: 'Z',
  group: 'meanReversion',
  description:
    'Distance of the source from its Length-bar mean in population standard deviations; 0 for a flat window.',
  overlay: false,
  inputs: [periodInput(20, 2), src0],
  outputs: [line('z', 'Z-Score', COLORS.blue)],
  levels: [level(2, '+2'), level(0, 'Mean'), level(-2, '-2')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const n = num(s, 'period');
    const avg = new Sma(m, n);
    const dev = new StdDev(m, n);
    return kernel(m, (b, out) => {
      const v = x(b);
      const a = avg.update(v);
      const d = dev.update(v);
      out[0] = Number.isNaN(a) ? NaN_ : d > 0 ? (v - a) / d : 0;
    });
  },
});

const linRegChannel = define({
  id: 'linearRegressionChannel',
  name: 'Linear Regression Channel',
  shortName: 'LRC',
  group: 'meanReversion',
  description:
    'End point of the least-squares line over the last Length bars, with bands a multiple of the root mean square distance of those bars from the line.',
  overlay: true,
  inputs: [periodInput(100, 2), floatInput('deviations', 'Deviations', 2, 0.1, 10, 0.1), src0],
  outputs: [
    line('middle', 'Regression', COLORS.red, 1),
    line('upper', 'Upper', COLORS.blue, 1),
    line('lower', 'Lower', COLORS.blue, 1),
  ],
  fills: [fill('band', 'Channel', 'upper', 'lower', 'rgba(41, 98, 255, 0.08)')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const r = new LinReg(m, num(s, 'period'));
    const k = num(s, 'deviations');
    return kernel(m, (b, out) => {
      const mid = r.update(x(b));
      if (Number.isNaN(mid)) {
        out[0] = NaN_;
        out[1] = NaN_;
        out[2] = NaN_;
        return;
      }
      const d = r.residualDeviation() * k;
      out[0] = mid;
      out[1] = mid + d;
      out[2] = mid - d;
    });
  },
});

const percentB = define({
  id: 'bollingerPercentB',
  name: 'Bollinger Bands %B',
  shortName: '%B',
  group: 'meanReversion',
  description: 'Where the source sits between the Bollinger bands: 0 at the lower band, 1 at the upper band.',
  overlay: false,
  inputs: bbInputs,
  outputs: [line('percentB', '%B', COLORS.teal)],
  levels: [level(1, 'Upper band'), level(0.5, 'Basis'), level(0, 'Lower band')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const bb = bollingerOf(m, num(s, 'period'), num(s, 'deviations'));
    return kernel(m, (b, out) => {
      const v = x(b);
      const r = bb(v);
      const width = r.upper - r.lower;
      out[0] = Number.isNaN(r.middle) ? NaN_ : width > 0 ? (v - r.lower) / width : 0.5;
    });
  },
});

const envelopes = define({
  id: 'envelopes',
  name: 'Moving Average Envelopes',
  shortName: 'ENV',
  group: 'meanReversion',
  description: 'A moving average with bands a fixed percent above and below it.',
  overlay: true,
  inputs: [
    periodInput(20),
    floatInput('percent', 'Percent', 10, 0.01, 100, 0.01),
    selectInput('maType', 'Moving average type', 'sma', ['sma', 'ema']),
    src0,
  ],
  outputs: [
    line('middle', 'Basis', COLORS.orange, 1),
    line('upper', 'Upper', COLORS.blue, 1),
    line('lower', 'Lower', COLORS.blue, 1),
  ],
  fills: [fill('band', 'Background', 'upper', 'lower', 'rgba(41, 98, 255, 0.08)')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const n = num(s, 'period');
    const avg = text(s, 'maType') === 'ema' ? new Ema(m, n) : new Sma(m, n);
    const k = num(s, 'percent') / 100;
    return kernel(m, (b, out) => {
      const mid = avg.update(x(b));
      out[0] = mid;
      out[1] = mid * (1 + k);
      out[2] = mid * (1 - k);
    });
  },
});

const dpo = define({
  id: 'dpo',
  name: 'Detrended Price Oscillator',
  shortName: 'DPO',
  group: 'meanReversion',
  description:
    'The source minus its Length-bar simple average as it stood floor(Length/2)+1 bars ago: cycles without the trend.',
  overlay: false,
  inputs: [periodInput(21, 2), src0],
  outputs: [line('dpo', 'DPO', COLORS.blue)],
  levels: [level(0, 'Zero')],
  create: (s) => {
    const m = new Memory();
    const x = src(s);
    const n = num(s, 'period');
    const avg = new Sma(m, n);
    const back = new Delay(m, Math.floor(n / 2) + 1);
    return kernel(m, (b, out) => {
      const v = x(b);
      out[0] = v - back.update(avg.update(v));
    });
  },
});

export const MEAN_REVERSION: readonly IndicatorEntry[] = [zScore, linRegChannel, percentB, envelopes, dpo];
