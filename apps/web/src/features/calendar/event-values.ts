import type { EconomicEvent } from '@tradedesk/contracts';
import { formatPrice, MISSING_VALUE } from '../../shared/format/numbers';

/**
 * An economic figure with its unit: "3.2%", "175K", "52.1". The unit's words ("index") are left to the detail; a
 * symbol unit sticks to the number.
 */
export function formatFigure(
  value: number | null,
  event: Pick<EconomicEvent, 'unit' | 'decimals'>,
  locale?: string,
): string {
  if (value === null || !Number.isFinite(value)) return MISSING_VALUE;
  const number = formatPrice(value, event.decimals, { locale });
  const unit = event.unit ?? '';
  if (!unit || /^[a-z ]{4,}$/i.test(unit)) return number;
  return `${number}${unit}`;
}
