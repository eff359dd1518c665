import type { Addon, AddonList, CustomerEntitlements, Plan, PlanList } from '@tradedesk/contracts';
import { api } from '../../../app/api';

/** The public catalogue (GET /plans, /plans/{id}, /addons) and the caller's entitlements (issue 17). */
export const plansApi = api.enhanceEndpoints({ addTagTypes: ['Plans', 'Entitlements'] }).injectEndpoints({
  endpoints: (build) => ({
    plans: build.query<Plan[], void>({
      query: () => ({ url: '/plans' }),
      transformResponse: (r: PlanList) => r.plans,
      providesTags: ['Plans'],
    }),
    plan: build.query<Plan, string>({
      query: (id) => ({ url: `/plans/${encodeURIComponent(id)}` }),
      providesTags: ['Plans'],
    }),
    addons: build.query<Addon[], void>({
      query: () => ({ url: '/addons' }),
      transformResponse: (r: AddonList) => r.addons,
      providesTags: ['Plans'],
    }),
    entitlements: build.query<CustomerEntitlements, void>({
      query: () => ({ url: '/customer/entitlements' }),
      providesTags: ['Entitlements'],
    }),
  }),
});

export const { usePlansQuery, usePlanQuery, useAddonsQuery, useEntitlementsQuery } = plansApi;
