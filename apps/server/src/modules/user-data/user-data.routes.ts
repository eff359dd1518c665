import {
  errorBodySchema,
  okSchema,
  USER_DATA_STATE_MAX_BYTES,
  userDataDocumentBodySchema,
  userDataDocumentResponseSchema,
  userDataParamsSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { UserDataService } from './user-data.service.js';

const tags = ['user-data'];
const security: Array<Record<string, string[]>> = [{ bearer: [] }, { cookie: [] }];
const notFound = { 404: errorBodySchema.describe('Nothing is saved under this name (for this user)') };
// Room for the largest state plus its JSON escaping; a bigger body is refused before it is parsed.
const bodyLimit = USER_DATA_STATE_MAX_BYTES * 2;

/** The user-data store's `workspace` documents (spec section 7, "User-data store"). */
export function userDataRoutes(deps: { userData: UserDataService }): FastifyPluginAsyncZod {
  const { userData } = deps;
  const path = '/user-data/v1/store/workspace/:name';
  return async (app) => {
    app.get(
      path,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'A saved workspace document of the caller (docking layout, table columns, preferences)',
          description: 'Answers `{ payload: { name, version, state, updatedAt } }`; 404 when nothing is saved.',
          security,
          params: userDataParamsSchema,
          response: { 200: userDataDocumentResponseSchema, ...notFound },
        },
      },
      async (request) => ({ payload: await userData.get(authOf(request).userId, 'workspace', request.params.name) }),
    );

    app.put(
      path,
      {
        preHandler: app.authenticate,
        bodyLimit,
        schema: {
          tags,
          summary: 'Saves a workspace document of the caller, replacing the one of the same name',
          description:
            '`state` is any JSON object or array of at most 64 KiB and 32 levels, stored verbatim (its keys are ' +
            'not case-converted); `version` is the client’s version of its shape. A user keeps at most 100 documents.',
          security,
          params: userDataParamsSchema,
          body: userDataDocumentBodySchema,
          response: { 200: userDataDocumentResponseSchema, 409: errorBodySchema },
        },
      },
      async (request) => ({
        payload: await userData.put(authOf(request).userId, 'workspace', request.params.name, request.body),
      }),
    );

    app.delete(
      path,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Deletes a saved workspace document of the caller (the screen falls back to its default)',
          security,
          params: userDataParamsSchema,
          response: { 200: okSchema, ...notFound },
        },
      },
      async (request) => {
        await userData.delete(authOf(request).userId, 'workspace', request.params.name);
        return { ok: true as const };
      },
    );
  };
}
