import type { ErrorCategory, TicketErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = { TICKET_NOT_FOUND: 'not_found' } as const satisfies Record<TicketErrorCode, ErrorCategory>;

export const ticketError = defineErrors(codes);

/** Also the answer for another user's ticket: its existence is not told. */
export const ticketNotFound = () => ticketError('TICKET_NOT_FOUND', 'No ticket of yours has this id.');
