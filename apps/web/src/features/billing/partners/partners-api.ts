import type {
  AffiliateApplication,
  AffiliateApplicationState,
  AffiliateDetails,
  AffiliateQuestions,
  AffiliateRequestBody,
} from '@tradedesk/contracts';
import { api } from '../../../app/api';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';

/**
 * The partner program routes (spec "Partner program"; docs/api.md). `affiliateDetails` fails with 404 "You are not
 * an affiliate" for anyone not approved: the error rules ignore it (no toast) and the page shows the application.
 */
export const partnersApi = api.enhanceEndpoints({ addTagTypes: ['Affiliate'] }).injectEndpoints({
  endpoints: (build) => ({
    affiliateQuestions: build.query<AffiliateQuestions, void>({
      query: () => ({ url: '/affiliates/questions' }),
    }),
    affiliateApplication: build.query<AffiliateApplicationState, void>({
      query: () => ({ url: '/affiliates/request' }),
      providesTags: ['Affiliate'],
    }),
    affiliateDetails: build.query<AffiliateDetails, void>({
      query: () => ({ url: '/affiliates/details' }),
      providesTags: ['Affiliate'],
    }),
    requestAffiliate: build.mutation<AffiliateApplication, AffiliateRequestBody>({
      query: (body) => ({ url: '/affiliates/request', method: 'POST', body }),
      invalidatesTags: ['Affiliate'],
    }),
  }),
});

// the application form shows its failures on its fields
markQuietEndpoints('requestAffiliate');

export const {
  useAffiliateQuestionsQuery,
  useAffiliateApplicationQuery,
  useAffiliateDetailsQuery,
  useRequestAffiliateMutation,
} = partnersApi;
