import { addonListSchema, errorBodySchema, planIdParamsSchema, planListSchema, planSchema } from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlanCatalogueService } from './plans.catalogue.js';
import { planError } from './plans.errors.js';

const tags = ['billing'];

/** The public catalogue (spec: GET /plans, GET /plans/{id}, GET /addons); no sign-in needed. */
export function plansRoutes(deps: { plans: PlanCatalogueService }): FastifyPluginAsyncZod {
  const { plans } = deps;
  return async (app) => {
    app.get(
      '/plans',
      {
        schema: {
          tags,
          summary: 'The plans on offer, cheapest first, with prices per currency and the entitlements each grants',
          response: { 200: planListSchema },
        },
      },
      async () => ({ plans: await plans.publicPlans() }),
    );

    app.get(
      '/plans/:id',
      {
        schema: {
          tags,
          summary: 'One plan, also one no longer offered (a subscriber may still hold it)',
          params: planIdParamsSchema,
          response: { 200: planSchema, 404: errorBodySchema.describe('No plan has this id (PLAN_NOT_FOUND)') },
        },
      },
      async (request) => {
        const plan = await plans.publicPlan(request.params.id);
        if (!plan) throw planError('PLAN_NOT_FOUND', `No plan has the id ${JSON.stringify(request.params.id)}.`);
        return plan;
      },
    );

    app.get(
      '/addons',
      {
        schema: {
          tags,
          summary: 'The add-ons on offer: extra amounts added to a plan, bought in quantities',
          response: { 200: addonListSchema },
        },
      },
      async () => ({ addons: await plans.publicAddons() }),
    );
  };
}
