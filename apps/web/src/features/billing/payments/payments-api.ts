import type {
  PaymentMethodList,
  PaymentSession,
  TestModeAuthenticateBody,
  TestModeCardResult,
  TestModeCharge,
  TestModeSession,
} from '@tradedesk/contracts';
import { api } from '../../../app/api';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';

/**
 * Payment methods (spec section 7, "Settings": GET /customer/payment/methods, GET /customer/payment/session) and
 * the built-in test mode's pages (docs/api.md, "Payments"). Changes answer the list, which replaces the cache.
 */
export const paymentsApi = api.enhanceEndpoints({ addTagTypes: ['PaymentMethods'] }).injectEndpoints({
  endpoints: (build) => ({
    paymentMethods: build.query<PaymentMethodList, void>({
      query: () => ({ url: '/customer/payment/methods' }),
      providesTags: ['PaymentMethods'],
    }),
    /** A GET on the server (the spec's path) that starts a session: a mutation here, never cached. */
    startPaymentSession: build.mutation<PaymentSession, { returnUrl: string }>({
      query: ({ returnUrl }) => ({ url: '/customer/payment/session', params: { returnUrl } }),
    }),
    removePaymentMethod: build.mutation<PaymentMethodList, string>({
      query: (id) => ({ url: `/customer/payment/methods/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        const list = await queryFulfilled.then(
          (r) => r.data,
          () => null,
        );
        if (list) dispatch(paymentsApi.util.upsertQueryData('paymentMethods', undefined, list));
      },
    }),
    makeDefaultPaymentMethod: build.mutation<PaymentMethodList, string>({
      query: (id) => ({ url: `/customer/payment/methods/${encodeURIComponent(id)}/default`, method: 'PUT' }),
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        const list = await queryFulfilled.then(
          (r) => r.data,
          () => null,
        );
        if (list) dispatch(paymentsApi.util.upsertQueryData('paymentMethods', undefined, list));
      },
    }),
    testModeSession: build.query<TestModeSession, string>({
      query: (id) => ({ url: `/billing/test-mode/sessions/${encodeURIComponent(id)}` }),
    }),
    addTestCard: build.mutation<
      TestModeCardResult,
      { sessionId: string; number: string; expMonth: number; expYear: number; cvc: string }
    >({
      query: ({ sessionId, ...body }) => ({
        url: `/billing/test-mode/sessions/${encodeURIComponent(sessionId)}/card`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['PaymentMethods'],
    }),
    testModeCharge: build.query<TestModeCharge, string>({
      query: (ref) => ({ url: `/billing/test-mode/authenticate/${encodeURIComponent(ref)}` }),
    }),
    authenticateTestCharge: build.mutation<
      TestModeCharge,
      { ref: string; outcome: TestModeAuthenticateBody['outcome'] }
    >({
      query: ({ ref, outcome }) => ({
        url: `/billing/test-mode/authenticate/${encodeURIComponent(ref)}`,
        method: 'POST',
        body: { outcome },
      }),
      async onQueryStarted({ ref }, { dispatch, queryFulfilled }) {
        const charge = await queryFulfilled.then(
          (r) => r.data,
          () => null,
        );
        if (charge) dispatch(paymentsApi.util.upsertQueryData('testModeCharge', ref, charge));
      },
    }),
  }),
});

// the card form puts its failures on the fields or above the form, the dialog and the pages show theirs inside
markQuietEndpoints('addTestCard', 'removePaymentMethod', 'authenticateTestCharge', 'testModeSession', 'testModeCharge');

export const {
  usePaymentMethodsQuery,
  useStartPaymentSessionMutation,
  useRemovePaymentMethodMutation,
  useMakeDefaultPaymentMethodMutation,
  useTestModeSessionQuery,
  useAddTestCardMutation,
  useTestModeChargeQuery,
  useAuthenticateTestChargeMutation,
} = paymentsApi;
