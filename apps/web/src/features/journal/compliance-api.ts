import { COMPLIANCE_PATH, type ComplianceResponse } from '@tradedesk/contracts';
import { api } from '../../app/api';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';

export type ComplianceArgs = {
  /** One trading account id, or `all`. */
  accountId: string;
  /** yyyy-mm-dd in `tz`, both ends included; none for all time. */
  from?: string;
  to?: string;
  tz?: string;
  /** Needed when the accounts are kept in several currencies. */
  currency?: string;
};

/** Rule-compliance analytics (issue 12 item 7, packages/contracts/src/compliance.ts). */
export const complianceApi = api
  .enhanceEndpoints({ addTagTypes: ['Trades', 'JournalCalendar', 'Strategies'] })
  .injectEndpoints({
    endpoints: (build) => ({
      journalCompliance: build.query<ComplianceResponse, ComplianceArgs>({
        query: ({ accountId, from, to, tz, currency }) => ({
          url: COMPLIANCE_PATH,
          params: { account_id: accountId, from, to, tz, currency },
        }),
        // Saving an annotation invalidates the calendar: the analytics follow it, and new trades and playbook edits.
        providesTags: ['Trades', 'JournalCalendar', 'Strategies'],
      }),
    }),
  });

markQuietEndpoints('journalCompliance');

export const { useJournalComplianceQuery } = complianceApi;
