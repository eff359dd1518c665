import type { CalendarErrorCode, ErrorCategory } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

const codes = {
  CALENDAR_EVENT_NOT_FOUND: 'not_found',
  CALENDAR_IMPORT_INVALID: 'validation',
  CALENDAR_SETTINGS_INVALID: 'validation',
} as const satisfies Record<CalendarErrorCode, ErrorCategory>;

export const calendarError = defineErrors(codes);
export const calendarEventNotFound = () =>
  calendarError('CALENDAR_EVENT_NOT_FOUND', 'No calendar event of this kind has this id.');
