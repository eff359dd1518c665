import type {
  CheckoutQuote,
  CouponCheckBody,
  CouponQuote,
  CreateSubscriptionBody,
  ModifySubscriptionBody,
  ProrationPreview,
  Subscription,
  SubscriptionChangeResult,
  SubscriptionList,
} from '@tradedesk/contracts';
import { api } from '../../../app/api';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';

/** Subscriptions and coupons. The plans and add-ons come from the plans slice's `plansApi`. */
// 'Invoices' is the invoices slice's tag (INVOICES_TAG): a payment issues an invoice, so the list refreshes.
const withTags = api.enhanceEndpoints({ addTagTypes: ['Subscriptions', 'Entitlements', 'Invoices'] });

export const subscriptionsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    subscriptions: build.query<SubscriptionList, void>({
      query: () => ({ url: '/subscriptions' }),
      providesTags: ['Subscriptions'],
    }),
    checkoutQuote: build.mutation<CheckoutQuote, CreateSubscriptionBody>({
      query: (body) => ({ url: '/subscriptions', method: 'POST', body: { ...body, preview: true } }),
    }),
    subscribe: build.mutation<SubscriptionChangeResult, CreateSubscriptionBody>({
      query: (body) => ({ url: '/subscriptions', method: 'POST', body: { ...body, preview: false } }),
      invalidatesTags: ['Subscriptions', 'Entitlements', 'Invoices'],
    }),
    cancelSubscription: build.mutation<Subscription, string>({
      query: (id) => ({ url: `/subscriptions/${id}/cancel`, method: 'POST', body: {} }),
      invalidatesTags: ['Subscriptions', 'Entitlements'],
    }),
    reactivateSubscription: build.mutation<Subscription, string>({
      query: (id) => ({ url: `/subscriptions/${id}/reactivate`, method: 'POST', body: {} }),
      invalidatesTags: ['Subscriptions', 'Entitlements'],
    }),
    previewChange: build.mutation<ProrationPreview, { id: string; body: ModifySubscriptionBody }>({
      query: ({ id, body }) => ({
        url: `/subscriptions/${id}/modify`,
        method: 'POST',
        body: { ...body, preview: true },
      }),
    }),
    changePlan: build.mutation<SubscriptionChangeResult, { id: string; body: ModifySubscriptionBody }>({
      query: ({ id, body }) => ({
        url: `/subscriptions/${id}/modify`,
        method: 'POST',
        body: { ...body, preview: false },
      }),
      invalidatesTags: ['Subscriptions', 'Entitlements', 'Invoices'],
    }),
    checkCoupon: build.mutation<CouponQuote, { coupon: string; itemPriceId: string; currency: string }>({
      query: (body) => ({
        url: '/customer/subscriptions/coupon',
        method: 'POST',
        body: body as unknown as CouponCheckBody,
      }),
    }),
    paymentSession: build.mutation<{ id: string; url: string }, { returnUrl: string }>({
      query: ({ returnUrl }) => ({ url: '/customer/payment/session', params: { returnUrl } }),
    }),
  }),
});

export const {
  useSubscriptionsQuery,
  useCheckoutQuoteMutation,
  useSubscribeMutation,
  useCancelSubscriptionMutation,
  useReactivateSubscriptionMutation,
  usePreviewChangeMutation,
  useChangePlanMutation,
  useCheckCouponMutation,
  usePaymentSessionMutation,
} = subscriptionsApi;

/** These show their failures themselves (in the dialog, under the field). */
markQuietEndpoints(
  'checkoutQuote',
  'subscribe',
  'cancelSubscription',
  'reactivateSubscription',
  'previewChange',
  'changePlan',
  'checkCoupon',
  'paymentSession',
);

/** The live subscription (trialing, active, past due, awaiting payment), if any. */
export function liveSubscription(list: SubscriptionList | undefined): Subscription | undefined {
  return list?.subscriptions.find((s) => s.status !== 'canceled');
}

/** Leaves the app for a payment page (the provider's, or the in-app test-mode page). Replaced in tests. */
export const navigation = {
  go(url: string) {
    window.location.assign(url);
  },
};
