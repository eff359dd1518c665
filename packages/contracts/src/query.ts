import { z } from 'zod';
import { line } from './text.js';

/**
 * A list filter of the query string. Accepts `x=a&x=b`, `x[]=a&x[]=b` (the server folds `x[]` into `x`) and
 * comma-separated values `x=a,b`; at most 50 values of at most 40 characters each, each one of `oneOf` when given,
 * upper- or lower-cased first when `normalise` says so.
 */
export function listFilter(name: string, oneOf?: readonly string[], normalise?: 'upper' | 'lower') {
  const item = oneOf
    ? line(name, 40).refine((v) => oneOf.includes(v), { error: `Each of ${name} must be one of ${oneOf.join(', ')}.` })
    : line(name, 40);
  const norm = (s: string) => (normalise === 'upper' ? s.toUpperCase() : normalise === 'lower' ? s.toLowerCase() : s);
  return z.preprocess(
    (v) => {
      const raw = v === undefined ? [] : Array.isArray(v) ? v : [v];
      const out: unknown[] = [];
      for (const x of raw) {
        if (typeof x !== 'string') out.push(x);
        else for (const part of x.split(',')) if (part.trim() !== '') out.push(norm(part.trim()));
      }
      return out;
    },
    z
      .array(item, { error: `${name} must be a list of values.` })
      .max(50, { error: `${name} may hold at most 50 values.` }),
  );
}

/** A whole number from 1 to `max` in the query string (page, limit), with a sentence naming it. */
export const wholeNumber = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from 1 to ${max}.` })
    .int(`${name} must be a whole number from 1 to ${max}.`)
    .min(1, `${name} must be a whole number from 1 to ${max}.`)
    .max(max, `${name} must be a whole number from 1 to ${max}.`);
