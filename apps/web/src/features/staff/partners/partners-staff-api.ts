import type { AffiliateApplication, AffiliateStatus, StaffAffiliateList, StaffPayoutBody } from '@tradedesk/contracts';
import { api } from '../../../app/api';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';

type Payout = { id: string; currency: string; amount: string; reference: string; paidAt: string };

/** The partner program's staff routes (docs/api.md "Partner program"): applications, decisions, payouts. */
export const partnersStaffApi = api
  .enhanceEndpoints({ addTagTypes: ['StaffAffiliates', 'StaffAudit'] })
  .injectEndpoints({
    endpoints: (build) => ({
      staffAffiliates: build.query<StaffAffiliateList, { status?: AffiliateStatus }>({
        query: ({ status }) => ({ url: '/staff/affiliates', params: status ? { status } : {} }),
        providesTags: ['StaffAffiliates'],
      }),
      decideAffiliate: build.mutation<AffiliateApplication, { id: string; decision: 'approve' | 'reject' }>({
        query: ({ id, decision }) => ({ url: `/staff/affiliates/${id}/${decision}`, method: 'POST' }),
        invalidatesTags: ['StaffAffiliates', 'StaffAudit'],
      }),
      payAffiliate: build.mutation<Payout, { id: string } & StaffPayoutBody>({
        query: ({ id, ...body }) => ({ url: `/staff/affiliates/${id}/payouts`, method: 'POST', body }),
        invalidatesTags: ['StaffAffiliates', 'StaffAudit'],
      }),
    }),
  });

// the dialogs show their own failures
markQuietEndpoints('decideAffiliate', 'payAffiliate');

export const { useStaffAffiliatesQuery, useDecideAffiliateMutation, usePayAffiliateMutation } = partnersStaffApi;
