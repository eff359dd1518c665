import type { ChartsErrorCode, ErrorCategory } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

const codes = {
  CHART_NOT_FOUND: 'not_found',
  CHART_VERSION_CONFLICT: 'conflict',
  CHART_LIMIT_REACHED: 'conflict',
  CHART_INVALID_INSTRUMENT: 'validation',
  CHART_INVALID_INDICATOR: 'validation',
  CHART_SHARE_NOT_FOUND: 'not_found',
  DRAWING_NOT_FOUND: 'not_found',
  DRAWING_LIMIT_REACHED: 'conflict',
  DRAWING_MOVED: 'validation',
  LAYOUT_NOT_FOUND: 'not_found',
  LAYOUT_VERSION_CONFLICT: 'conflict',
  LAYOUT_LIMIT_REACHED: 'conflict',
  TEMPLATE_NOT_FOUND: 'not_found',
  TEMPLATE_LIMIT_REACHED: 'conflict',
} as const satisfies Record<ChartsErrorCode, ErrorCategory>;

export const chartsError = defineErrors(codes);

export const chartNotFound = (field?: string) =>
  field
    ? chartsError.onField(field, 'CHART_NOT_FOUND', `No chart of yours has the id given in ${field}.`)
    : chartsError('CHART_NOT_FOUND', 'No chart of yours has this id.');

/** The 409 of a save made to an older version than the saved one (another tab saved in between). */
export function versionConflict(
  code: 'CHART_VERSION_CONFLICT' | 'LAYOUT_VERSION_CONFLICT',
  what: string,
  sent: number,
  saved: number,
) {
  return chartsError.onField(
    'version',
    code,
    `This ${what} was saved elsewhere in the meantime (version ${saved}; this change was made to version ${sent}). ` +
      'Reload it and make the change again.',
  );
}
