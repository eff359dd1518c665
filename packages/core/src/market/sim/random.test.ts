import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hash3, inverseNormalCdf, mix32, normal, normalHalf, seedOf, uniform } from './random.js';

describe('counter-based random numbers', () => {
  it('are pure functions of their coordinates', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.integer(), (a, b, c) => {
        expect(hash3(a, b, c)).toBe(hash3(a, b, c));
        expect(Number.isInteger(hash3(a, b, c))).toBe(true);
      }),
    );
    expect(seedOf('factor:USD')).toBe(seedOf('factor:USD'));
    expect(seedOf('factor:USD')).not.toBe(seedOf('factor:EUR'));
    expect(seedOf('x')).toBeGreaterThanOrEqual(0);
  });

  it('change about half the bits when one input bit changes', () => {
    let flipped = 0;
    const n = 2000;
    for (let i = 0; i < n; i++) {
      const x = mix32(i) ^ mix32(i ^ 1);
      for (let b = 0; b < 32; b++) flipped += (x >>> b) & 1;
    }
    expect(flipped / (n * 32)).toBeGreaterThan(0.45);
    expect(flipped / (n * 32)).toBeLessThan(0.55);
  });

  it('inverts the normal distribution function', () => {
    expect(inverseNormalCdf(0.5)).toBeCloseTo(0, 9);
    expect(inverseNormalCdf(0.975)).toBeCloseTo(1.959964, 5);
    expect(inverseNormalCdf(0.001)).toBeCloseTo(-3.090232, 5);
    expect(inverseNormalCdf(0.8413447460685429)).toBeCloseTo(1, 6);
    expect(() => inverseNormalCdf(0)).toThrow();
  });

  it('draw uniforms in [0, 1) and standard normals with the right moments', () => {
    let s1 = 0;
    let s2 = 0;
    let h1 = 0;
    let h2 = 0;
    let u1 = 0;
    let inRange = true;
    const n = 200_000;
    for (let i = 0; i < n; i++) {
      const h = hash3(7, i, 3);
      const u = uniform(h);
      inRange &&= u >= 0 && u < 1;
      u1 += u;
      const z = normal(h);
      s1 += z;
      s2 += z * z;
      const y = normalHalf(h, (i & 1) === 1);
      h1 += y;
      h2 += y * y;
    }
    expect(inRange).toBe(true);
    expect(u1 / n).toBeCloseTo(0.5, 2);
    expect(s1 / n).toBeCloseTo(0, 2);
    expect(s2 / n).toBeCloseTo(1, 1);
    expect(h1 / n).toBeCloseTo(0, 2);
    expect(h2 / n).toBeCloseTo(1, 1);
  });
});
