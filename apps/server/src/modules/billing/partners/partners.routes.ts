import {
  affiliateApplicationSchema,
  affiliateApplicationStateSchema,
  affiliateCodeParamsSchema,
  affiliateDetailsSchema,
  affiliateQuestionsSchema,
  affiliateRequestBodySchema,
  errorBodySchema,
  idParamsSchema,
  staffAffiliateListSchema,
  staffAffiliatesQuerySchema,
  staffPayoutBodySchema,
  staffPayoutSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../../platform/auth/guard.js';
import type { PartnersService } from './partners.service.js';

const tags = ['partners'];
const staffOnly = { 403: errorBodySchema.describe('The caller is not staff (PARTNER_STAFF_ONLY)') };
const noApplication = { 404: errorBodySchema.describe('No partner application has this id') };

/** The partner program (spec "Partner program") and its staff side. Mount under /api. */
export function partnersRoutes(deps: {
  partners: PartnersService;
  /** Max-Age of the referral cookie: the attribution window. */
  cookieMaxAgeSeconds: number;
  secureCookies: boolean;
  /** Where the referral link lands (the sign-up page of PUBLIC_URL). */
  landingUrl: string;
}): FastifyPluginAsyncZod {
  const { partners } = deps;
  return async (app) => {
    app.get(
      '/affiliates/questions',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The questions of the partner program application, in order',
          response: { 200: affiliateQuestionsSchema },
        },
      },
      async () => partners.questions(),
    );

    app.get(
      '/affiliates/request',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s latest application (pending, approved or rejected), or null',
          response: { 200: affiliateApplicationStateSchema },
        },
      },
      async (request) => ({ application: await partners.application(authOf(request).userId) }),
    );

    app.post(
      '/affiliates/request',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Applies to the partner program with the answers to its questions',
          description: 'One open request per user; a rejected applicant may apply again.',
          body: affiliateRequestBodySchema,
          response: {
            201: affiliateApplicationSchema,
            409: errorBodySchema.describe('PARTNER_REQUEST_OPEN (one is under review) or PARTNER_ALREADY_AFFILIATE'),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await partners.request(authOf(request).userId, request.body.answers)),
    );

    app.get(
      '/affiliates/details',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The partner’s link, code, clicks, sign-ups, paying customers, earnings and payouts (snake_case)',
          response: {
            200: affiliateDetailsSchema,
            404: errorBodySchema.describe('"You are not an affiliate": the caller is not an approved partner'),
          },
        },
      },
      async (request) => partners.details(authOf(request).userId),
    );

    app.get(
      '/affiliates/click/:code',
      {
        schema: {
          tags,
          summary: 'The referral link: counts a click, sets the `referral_code` cookie and goes to sign-up',
          description:
            'The cookie lasts the attribution window; a sign-up within it is attributed to the partner. ' +
            'An unknown code goes to sign-up without a cookie.',
          params: affiliateCodeParamsSchema,
          response: { 302: z.null().describe('Redirect to the sign-up page') },
        },
      },
      async (request, reply) => {
        const code = await partners.click(request.params.code);
        if (code) {
          reply.setCookie('referral_code', code, {
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
            secure: deps.secureCookies,
            maxAge: deps.cookieMaxAgeSeconds,
          });
        }
        return reply.redirect(deps.landingUrl, 302);
      },
    );

    // ---- staff ----

    app.get(
      '/staff/affiliates',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Staff: applications and partners, newest first (at most 200), with what is payable',
          querystring: staffAffiliatesQuerySchema,
          response: { 200: staffAffiliateListSchema, ...staffOnly },
        },
      },
      async (request) => ({
        affiliates: await partners.staffList(authOf(request).userId, request.query.status),
      }),
    );

    for (const action of ['approve', 'reject'] as const) {
      app.post(
        `/staff/affiliates/:id/${action}`,
        {
          preHandler: app.authenticate,
          schema: {
            tags,
            summary: `Staff: ${action}s a pending application (the applicant is notified)`,
            params: idParamsSchema,
            response: {
              200: affiliateApplicationSchema,
              ...staffOnly,
              ...noApplication,
              409: errorBodySchema.describe('PARTNER_NOT_PENDING: already decided'),
            },
          },
        },
        async (request) =>
          partners.decide(authOf(request).userId, request.params.id, action === 'approve' ? 'approved' : 'rejected'),
      );
    }

    app.post(
      '/staff/affiliates/:id/payouts',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Staff: records a payout of everything payable in a currency (clawbacks netted)',
          params: idParamsSchema,
          body: staffPayoutBodySchema,
          response: {
            201: staffPayoutSchema,
            ...staffOnly,
            404: errorBodySchema.describe('No approved partner has this id'),
            409: errorBodySchema.describe('PARTNER_NOTHING_PAYABLE'),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await partners.payout(authOf(request).userId, request.params.id, request.body)),
    );
  };
}
