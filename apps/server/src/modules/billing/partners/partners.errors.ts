import { AFFILIATE_NOT_FOUND_MESSAGE, type ErrorCategory, type PartnerErrorCode } from '@tradedesk/contracts';
import { defineErrors } from '../../../platform/errors.js';

const codes = {
  PARTNER_NOT_AFFILIATE: 'not_found',
  PARTNER_REQUEST_OPEN: 'conflict',
  PARTNER_ALREADY_AFFILIATE: 'conflict',
  PARTNER_APPLICATION_NOT_FOUND: 'not_found',
  PARTNER_NOT_PENDING: 'conflict',
  PARTNER_STAFF_ONLY: 'forbidden',
  PARTNER_NOTHING_PAYABLE: 'conflict',
} as const satisfies Record<PartnerErrorCode, ErrorCategory>;

export const partnerError = defineErrors(codes);

/** The spec's exact text: the web ignores this 404 silently (error-rules.ts). */
export const notAffiliate = () => partnerError('PARTNER_NOT_AFFILIATE', AFFILIATE_NOT_FOUND_MESSAGE);
export const staffOnly = () => partnerError('PARTNER_STAFF_ONLY', 'Only staff can manage the partner program.');
export const applicationNotFound = () =>
  partnerError('PARTNER_APPLICATION_NOT_FOUND', 'No partner application has this id.');
