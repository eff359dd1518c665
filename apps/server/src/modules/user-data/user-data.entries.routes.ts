import {
  errorBodySchema,
  indicatorCollectionsBodySchema,
  indicatorCollectionsResponseSchema,
  manualSetupsBodySchema,
  manualSetupsResponseSchema,
  recentInstrumentsBodySchema,
  recentInstrumentsResponseSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { UserDataEntries } from './user-data.entries.js';

const tags = ['user-data'];
const security: Array<Record<string, string[]>> = [{ bearer: [] }, { cookie: [] }];
const conflict = {
  409: errorBodySchema.describe('USER_DATA_VERSION_CONFLICT: saved elsewhere since `version` was read; reload'),
};
const versioning =
  'Send the `version` read (0 when nothing is saved yet): another one is a 409 USER_DATA_VERSION_CONFLICT, so a ' +
  'second tab never overwrites the first silently. Without `version` the save replaces whatever is saved. The ' +
  'answer carries the new version.';

/** The user-data store's fixed entries (spec section 7, "User-data store"). */
export function userDataEntriesRoutes(deps: { entries: UserDataEntries }): FastifyPluginAsyncZod {
  const { entries } = deps;
  const base = '/user-data/v1/store';
  return async (app) => {
    app.get(
      `${base}/activeCharts/manualSetups`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The charts the caller set up by hand in the dashboard’s active charts (`payload.state`)',
          description: 'An empty list with version 0 while nothing is saved.',
          security,
          response: { 200: manualSetupsResponseSchema },
        },
      },
      async (request) => {
        const entry = await entries.manualSetups(authOf(request).userId);
        return { payload: { state: entry.value, version: entry.version, updatedAt: entry.updatedAt } };
      },
    );

    app.put(
      `${base}/activeCharts/manualSetups`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Saves the caller’s manual chart setups (body `state`: the list)',
          description: `Each setup is an instrument of the catalogue and a timeframe, optionally a saved chart. ${versioning}`,
          security,
          body: manualSetupsBodySchema,
          response: { 200: manualSetupsResponseSchema, ...conflict },
        },
      },
      async (request) => {
        const entry = await entries.saveManualSetups(authOf(request).userId, request.body);
        return { payload: { state: entry.value, version: entry.version, updatedAt: entry.updatedAt } };
      },
    );

    app.get(
      `${base}/indicators/indicatorCollections`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s indicator collections (`payload.list`)',
          description: '404 while none are saved: the client then creates the default "Favorite" collection.',
          security,
          response: {
            200: indicatorCollectionsResponseSchema,
            404: errorBodySchema.describe('USER_DATA_NOT_FOUND: no collections saved yet'),
          },
        },
      },
      async (request) => {
        const entry = await entries.indicatorCollections(authOf(request).userId);
        return { payload: { list: entry.value, version: entry.version, updatedAt: entry.updatedAt } };
      },
    );

    app.put(
      `${base}/indicators/indicatorCollections`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Saves the caller’s indicator collections (body `list`)',
          description:
            'Each collection has an id, a `tab_name` ("Favorite" by default) and indicators of the catalogue (ids ' +
            `or short names, saved as ids; one named twice is kept once). ${versioning}`,
          security,
          body: indicatorCollectionsBodySchema,
          response: { 200: indicatorCollectionsResponseSchema, ...conflict },
        },
      },
      async (request) => {
        const entry = await entries.saveIndicatorCollections(authOf(request).userId, request.body);
        return { payload: { list: entry.value, version: entry.version, updatedAt: entry.updatedAt } };
      },
    );

    app.get(
      `${base}/instrument/recentlyList`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The instruments the caller opened last, newest first, at most 4 (`payload.list`)',
          description: 'An empty list with version 0 while nothing is saved.',
          security,
          response: { 200: recentInstrumentsResponseSchema },
        },
      },
      async (request) => {
        const entry = await entries.recentlyList(authOf(request).userId);
        return { payload: { list: entry.value, version: entry.version, updatedAt: entry.updatedAt } };
      },
    );

    app.put(
      `${base}/instrument/recentlyList`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Saves the caller’s recent instruments (body `{ list }`, newest first)',
          description: `Only the first 4 distinct instruments are kept. ${versioning}`,
          security,
          body: recentInstrumentsBodySchema,
          response: { 200: recentInstrumentsResponseSchema, ...conflict },
        },
      },
      async (request) => {
        const entry = await entries.saveRecentlyList(authOf(request).userId, request.body);
        return { payload: { list: entry.value, version: entry.version, updatedAt: entry.updatedAt } };
      },
    );
  };
}
