import {
  errorBodySchema,
  staffAddonBodySchema,
  staffAddonSchema,
  staffCatalogueIdParamsSchema,
  staffCatalogueSchema,
  staffCouponBodySchema,
  staffCouponCodeParamsSchema,
  staffCouponListSchema,
  staffCouponSchema,
  staffPlanBodySchema,
  staffPlanSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/auth/guard.js';
import { adminOnlyResponse } from '../../staff/staff.routes.js';
import type { StaffBilling } from './staff-billing.service.js';

const tags = ['staff'];
const invalid = {
  400: errorBodySchema.describe('A field breaks the catalogue’s or coupon’s rules (VALIDATION_FAILED)'),
};
const notFound = (what: string) => ({ 404: errorBodySchema.describe(`No ${what} (STAFF_BILLING_NOT_FOUND)`) });

/** The staff console's plans, add-ons and coupons (admins only). Mount under /api. */
export function staffBillingRoutes(deps: { billing: StaffBilling }): FastifyPluginAsyncZod {
  const { billing } = deps;
  return async (app) => {
    app.get(
      '/staff/billing/catalogue',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Every plan and add-on as the operator edits them, inactive ones too (admins only)',
          response: { 200: staffCatalogueSchema, ...adminOnlyResponse },
        },
      },
      async (request) => billing.catalogue(authOf(request).userId),
    );

    app.put(
      '/staff/billing/plans/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            'Replaces a plan: prices, trial days, entitlements, active (admins only; as `tradedesk plans import`)',
          params: staffCatalogueIdParamsSchema,
          body: staffPlanBodySchema,
          response: { 200: staffPlanSchema, ...invalid, ...adminOnlyResponse, ...notFound('plan has this id') },
        },
      },
      async (request) => billing.updatePlan(authOf(request).userId, request.params.id, request.body),
    );

    app.put(
      '/staff/billing/addons/:id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Replaces an add-on: prices, maximum quantity, entitlements, active (admins only)',
          params: staffCatalogueIdParamsSchema,
          body: staffAddonBodySchema,
          response: { 200: staffAddonSchema, ...invalid, ...adminOnlyResponse, ...notFound('add-on has this id') },
        },
      },
      async (request) => billing.updateAddon(authOf(request).userId, request.params.id, request.body),
    );

    app.get(
      '/staff/billing/coupons',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Every coupon with how many times it was redeemed (admins only)',
          response: { 200: staffCouponListSchema, ...adminOnlyResponse },
        },
      },
      async (request) => ({ coupons: await billing.coupons(authOf(request).userId) }),
    );

    app.post(
      '/staff/billing/coupons',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Adds a coupon (admins only; as `tradedesk coupons add`)',
          body: staffCouponBodySchema,
          response: {
            201: staffCouponSchema,
            ...invalid,
            ...adminOnlyResponse,
            409: errorBodySchema.describe('A coupon has this code already (STAFF_COUPON_EXISTS)'),
          },
        },
      },
      async (request, reply) => reply.status(201).send(await billing.addCoupon(authOf(request).userId, request.body)),
    );

    app.post(
      '/staff/billing/coupons/:code/deactivate',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Stops accepting a coupon; subscriptions that carry it keep their discount (admins only)',
          params: staffCouponCodeParamsSchema,
          response: { 200: staffCouponSchema, ...adminOnlyResponse, ...notFound('coupon has this code') },
        },
      },
      async (request) => billing.deactivateCoupon(authOf(request).userId, request.params.code),
    );
  };
}
