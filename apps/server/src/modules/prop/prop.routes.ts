import {
  accountGoalsParamsSchema,
  accountGoalsSchema,
  accountObjectiveBodySchema,
  accountObjectiveParamsSchema,
  accountObjectiveValueBodySchema,
  createUserObjectiveBodySchema,
  endChallengeBodySchema,
  errorBodySchema,
  idParamsSchema,
  objectiveCatalogueSchema,
  okSchema,
  propChallengeListSchema,
  propChallengeParamsSchema,
  propChallengeSchema,
  propFirmListSchema,
  propFirmParamsSchema,
  tradingAccountSchema,
  updateUserObjectiveBodySchema,
  userObjectiveListSchema,
  userObjectiveSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { ObjectivesService } from './objectives.service.js';
import type { PropService } from './prop.service.js';

const tags = ['prop firms and objectives'];
const accountNotFound = errorBodySchema.describe(
  'No trading account of the caller has this id (TRADING_ACCOUNT_NOT_FOUND)',
);
const objectiveNotFound = errorBodySchema.describe(
  'No account or objective of the caller has this id (TRADING_ACCOUNT_NOT_FOUND, PROP_OBJECTIVE_NOT_FOUND)',
);
const badValue = errorBodySchema.describe('PROP_INVALID_VALUE: the value is out of the catalogue entry’s bounds');

/**
 * Prop-firm challenges and objectives (spec section 7, "Trading accounts" and GET /market/objectives). Every call
 * but the public catalogue carries the trading bearer token (or the web app's session cookies).
 */
export function propRoutes(deps: { props: PropService; objectives: ObjectivesService }): FastifyPluginAsyncZod {
  const { props, objectives } = deps;
  return async (app) => {
    const onRequest = app.authenticateTrading;

    app.get(
      '/trading/firms',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Prop firms whose challenges accounts can be opened in (rule sets modelled on published rules)',
          response: { 200: propFirmListSchema },
        },
      },
      async () => ({ firms: props.firms() }),
    );

    app.get(
      '/trading/firms/:id/challenges',
      {
        onRequest,
        schema: {
          tags,
          summary: 'A firm’s challenges with their rule sets, phases, account sizes and currencies',
          params: propFirmParamsSchema,
          response: { 200: propChallengeListSchema, 404: errorBodySchema.describe('PROP_FIRM_NOT_FOUND') },
        },
      },
      async (request) => ({ challenges: props.challenges(request.params.id) }),
    );

    app.get(
      '/trading/firms/:id/challenges/:challengeId',
      {
        onRequest,
        schema: {
          tags,
          summary: 'One challenge of a firm',
          params: propChallengeParamsSchema,
          response: {
            200: propChallengeSchema,
            404: errorBodySchema.describe('PROP_FIRM_NOT_FOUND or PROP_CHALLENGE_NOT_FOUND'),
          },
        },
      },
      async (request) => props.challenge(request.params.id, request.params.challengeId),
    );

    app.delete(
      '/trading/accounts/:id/challenge',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Ends the account’s challenge (needs confirm: true)',
          description:
            'The challenge’s rules and evaluation go for good; the account stays a plain virtual account with its ' +
            'balance and every trade of every phase, or is archived as well with archive: true (refused while ' +
            'positions or pending orders are open).',
          params: idParamsSchema,
          body: endChallengeBodySchema,
          response: {
            200: tradingAccountSchema,
            404: accountNotFound,
            409: errorBodySchema.describe('PROP_NO_CHALLENGE, or TRADING_ACCOUNT_HAS_OPEN_ITEMS when archiving'),
          },
        },
      },
      async (request) => props.endChallenge(authOf(request).userId, request.params.id, request.body),
    );

    app.get(
      '/market/objectives',
      {
        schema: {
          tags,
          summary: 'The objectives catalogue: goals a trader can set per account, with their units and bounds',
          response: { 200: objectiveCatalogueSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return { objectives: objectives.catalogue() };
      },
    );

    app.get(
      '/trading/objectives',
      {
        onRequest,
        schema: { tags, summary: 'The caller’s objectives, oldest first', response: { 200: userObjectiveListSchema } },
      },
      async (request) => ({ objectives: await objectives.list(authOf(request).userId) }),
    );

    app.post(
      '/trading/objectives',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Creates an objective of the catalogue (kind) with a name and a default value',
          body: createUserObjectiveBodySchema,
          response: {
            201: userObjectiveSchema,
            409: errorBodySchema.describe('PROP_OBJECTIVE_LIMIT_REACHED'),
            422: badValue,
          },
        },
      },
      async (request, reply) => reply.status(201).send(await objectives.create(authOf(request).userId, request.body)),
    );

    app.put(
      '/trading/objectives/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Renames an objective or changes its default value',
          params: idParamsSchema,
          body: updateUserObjectiveBodySchema,
          response: {
            200: userObjectiveSchema,
            404: errorBodySchema.describe('PROP_OBJECTIVE_NOT_FOUND'),
            422: badValue,
          },
        },
      },
      async (request) => objectives.update(authOf(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/trading/objectives/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Deletes an objective and takes it off every account',
          params: idParamsSchema,
          response: { 200: okSchema, 404: errorBodySchema.describe('PROP_OBJECTIVE_NOT_FOUND') },
        },
      },
      async (request) => {
        await objectives.remove(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/trading/objectives/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The account’s goals: the challenge’s live rule status and the trader’s objectives today',
          description:
            'The spec’s /trading/objectives/{accountId}: id is a trading account id. The same payload goes out live as the `rules` event of the account:<id> WebSocket channel for a ' +
            'challenge account.',
          params: accountGoalsParamsSchema,
          response: { 200: accountGoalsSchema, 404: accountNotFound },
        },
      },
      async (request) => props.goals(authOf(request).userId, request.params.id),
    );

    app.post(
      '/trading/objectives/:accountId/:objectiveId',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Sets an objective on an account, with a value (the objective’s own when left out)',
          params: accountObjectiveParamsSchema,
          body: accountObjectiveBodySchema,
          response: {
            201: accountGoalsSchema,
            404: objectiveNotFound,
            409: errorBodySchema.describe('PROP_OBJECTIVE_ALREADY_ON_ACCOUNT'),
            422: badValue,
          },
        },
      },
      async (request, reply) => {
        const { userId } = authOf(request);
        const { accountId, objectiveId } = request.params;
        await objectives.addToAccount(userId, accountId, objectiveId, request.body);
        return reply.status(201).send(await props.goals(userId, accountId));
      },
    );

    app.put(
      '/trading/objectives/:accountId/:objectiveId',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Changes the value of an objective on an account',
          params: accountObjectiveParamsSchema,
          body: accountObjectiveValueBodySchema,
          response: { 200: accountGoalsSchema, 404: objectiveNotFound, 422: badValue },
        },
      },
      async (request) => {
        const { userId } = authOf(request);
        const { accountId, objectiveId } = request.params;
        await objectives.updateOnAccount(userId, accountId, objectiveId, request.body.value);
        return props.goals(userId, accountId);
      },
    );

    app.delete(
      '/trading/objectives/:accountId/:objectiveId',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Takes an objective off an account',
          params: accountObjectiveParamsSchema,
          response: { 200: accountGoalsSchema, 404: objectiveNotFound },
        },
      },
      async (request) => {
        const { userId } = authOf(request);
        const { accountId, objectiveId } = request.params;
        await objectives.removeFromAccount(userId, accountId, objectiveId);
        return props.goals(userId, accountId);
      },
    );
  };
}
