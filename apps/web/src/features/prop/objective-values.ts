import type { ObjectiveCatalogueItem, ObjectiveUnit } from '@tradedesk/contracts';

// The ticket's reading of a typed decimal (a comma accepted), without the ticket's module (it brings core).
function readNumber(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (t === '' || !/^[-+]?\d*\.?\d+$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** An objective's value as shown: money in the account's currency, a percentage, or a count. */
export function objectiveValueText(
  value: number | null,
  unit: ObjectiveUnit,
  currency: string,
  f: { money: (n: number, c: string) => string; percent: (n: number, o?: { digits?: number }) => string },
): string {
  if (value === null) return '—';
  if (unit === 'currency') return f.money(value, currency);
  if (unit === 'percent') return f.percent(value, { digits: 2 });
  return `${value} ${unit === 'trades' ? (value === 1 ? 'trade' : 'trades') : value === 1 ? 'loss' : 'losses'}`;
}

/**
 * Reads a typed objective value against the catalogue's bounds and step: the number, or a full sentence saying
 * what is wrong with it (the server gives the same answer with a 422).
 */
export function readObjectiveValue(
  text: string,
  item: Pick<ObjectiveCatalogueItem, 'name' | 'min' | 'max' | 'step'>,
): { ok: true; value: number } | { ok: false; message: string } {
  const n = readNumber(text);
  if (n === null) return { ok: false, message: `${item.name} must be a number.` };
  if (n < item.min || n > item.max)
    return { ok: false, message: `${item.name} must be between ${item.min} and ${item.max}.` };
  const steps = (n - item.min) / item.step;
  if (Math.abs(steps - Math.round(steps)) > 1e-9)
    return { ok: false, message: `${item.name} must be a multiple of ${item.step}.` };
  return { ok: true, value: n };
}
