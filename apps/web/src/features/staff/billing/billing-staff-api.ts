import type {
  StaffAddon,
  StaffAddonBody,
  StaffCatalogue,
  StaffCoupon,
  StaffCouponBody,
  StaffCouponList,
  StaffPlan,
  StaffPlanBody,
} from '@tradedesk/contracts';
import { api } from '../../../app/api';
import { markQuietEndpoints } from '../../../shared/api/quiet-endpoints';

/** The staff plans, add-ons and coupons routes (docs/api.md "Staff plans and coupons"; admins only). */
export const billingStaffApi = api
  .enhanceEndpoints({ addTagTypes: ['StaffCatalogue', 'StaffCoupons', 'StaffAudit'] })
  .injectEndpoints({
    endpoints: (build) => ({
      staffCatalogue: build.query<StaffCatalogue, void>({
        query: () => ({ url: '/staff/billing/catalogue' }),
        providesTags: ['StaffCatalogue'],
      }),
      updateStaffPlan: build.mutation<StaffPlan, { id: string; body: StaffPlanBody }>({
        query: ({ id, body }) => ({ url: `/staff/billing/plans/${encodeURIComponent(id)}`, method: 'PUT', body }),
        invalidatesTags: ['StaffCatalogue', 'StaffAudit'],
      }),
      updateStaffAddon: build.mutation<StaffAddon, { id: string; body: StaffAddonBody }>({
        query: ({ id, body }) => ({ url: `/staff/billing/addons/${encodeURIComponent(id)}`, method: 'PUT', body }),
        invalidatesTags: ['StaffCatalogue', 'StaffAudit'],
      }),
      staffCoupons: build.query<StaffCouponList, void>({
        query: () => ({ url: '/staff/billing/coupons' }),
        providesTags: ['StaffCoupons'],
      }),
      addStaffCoupon: build.mutation<StaffCoupon, StaffCouponBody>({
        query: (body) => ({ url: '/staff/billing/coupons', method: 'POST', body }),
        invalidatesTags: ['StaffCoupons', 'StaffAudit'],
      }),
      deactivateStaffCoupon: build.mutation<StaffCoupon, string>({
        query: (code) => ({ url: `/staff/billing/coupons/${encodeURIComponent(code)}/deactivate`, method: 'POST' }),
        invalidatesTags: ['StaffCoupons', 'StaffAudit'],
      }),
    }),
  });

// the dialogs show their own failures
markQuietEndpoints('updateStaffPlan', 'updateStaffAddon', 'addStaffCoupon', 'deactivateStaffCoupon');

export const {
  useStaffCatalogueQuery,
  useUpdateStaffPlanMutation,
  useUpdateStaffAddonMutation,
  useStaffCouponsQuery,
  useAddStaffCouponMutation,
  useDeactivateStaffCouponMutation,
} = billingStaffApi;
