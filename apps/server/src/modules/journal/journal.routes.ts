import {
  errorBodySchema,
  idParamsSchema,
  journalAnnotationBodySchema,
  journalCalendarQuerySchema,
  journalCalendarSchema,
  journalDateParamsSchema,
  journalDayBodySchema,
  journalDayQuerySchema,
  journalDayViewSchema,
  journalMistakeBodySchema,
  journalMistakeListSchema,
  journalMistakeSchema,
  journalPositionParamsSchema,
  journalTradeListSchema,
  journalTradeSchema,
  journalTradesQuerySchema,
  okSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import type { JournalService } from './journal.service.js';
import type { JournalAnnotationsService } from './journal-annotations.service.js';
import type { JournalMistakesService } from './journal-mistakes.service.js';

const tags = ['journal'];
const accountNotFound = errorBodySchema.describe(
  'No trading account of the caller has an id of account_ids (JOURNAL_ACCOUNT_NOT_FOUND)',
);
const tradeOpen = errorBodySchema.describe('The position is still open (JOURNAL_TRADE_OPEN)');
const tradeNotFound = errorBodySchema.describe(
  'No position of the caller’s trading accounts has this id (JOURNAL_TRADE_NOT_FOUND)',
);

/**
 * The trading journal: the calendar, days with their entries and trades, trade annotations and the user's list
 * of mistakes. Main API session (bearer access token or the web app's cookies).
 */
export function journalRoutes(deps: {
  journal: JournalService;
  annotations: JournalAnnotationsService;
  mistakes: JournalMistakesService;
}): FastifyPluginAsyncZod {
  const { journal, annotations, mistakes } = deps;
  return async (app) => {
    const preHandler = app.authenticate;

    app.get(
      '/journal/calendar',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Per day of a range: net P/L per account and per currency, trade and win/loss counts, the entry',
          description:
            'from and to are dates in the user’s time zone (both included, at most 366 days); a trade counts on ' +
            'the day it closed. account_ids (comma-separated) picks the accounts; all of them by default. Only ' +
            'days with trades or a journal entry are listed. Money is exact decimal strings; amounts of different ' +
            'currencies are never added together.',
          querystring: journalCalendarQuerySchema,
          response: { 200: journalCalendarSchema, 404: accountNotFound },
        },
      },
      async (request) => journal.calendar(authOf(request).userId, request.query),
    );

    app.get(
      '/journal/days/:date',
      {
        preHandler,
        schema: {
          tags,
          summary:
            'A day: its journal entry (null when none) and every trade closed that day, each with its annotation',
          description:
            'account_ids (comma-separated) picks the accounts whose trades are listed; by default the entry’s ' +
            'accounts, or all of them.',
          params: journalDateParamsSchema,
          querystring: journalDayQuerySchema,
          response: { 200: journalDayViewSchema, 404: accountNotFound },
        },
      },
      async (request) => journal.day(authOf(request).userId, request.params.date, request.query.account_ids),
    );

    app.put(
      '/journal/days/:date',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Creates or changes the day’s entry; fields left out keep their value',
          description:
            'plan and review are TipTap HTML, sanitized (only StarterKit’s tags and http, https and mailto links ' +
            'are kept). snapshots are uploaded journal images (POST /journal/images) or saved charts of the user.',
          params: journalDateParamsSchema,
          body: journalDayBodySchema,
          response: {
            200: journalDayViewSchema,
            404: errorBodySchema.describe(
              'An account, image or chart id that is not the caller’s (JOURNAL_ACCOUNT_NOT_FOUND, JOURNAL_IMAGE_NOT_FOUND, JOURNAL_CHART_NOT_FOUND)',
            ),
          },
        },
      },
      async (request) => journal.saveDay(authOf(request).userId, request.params.date, request.body),
    );

    app.delete(
      '/journal/days/:date',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Deletes the day’s entry; its trades and their annotations stay',
          params: journalDateParamsSchema,
          response: {
            200: journalDayViewSchema,
            404: errorBodySchema.describe('No entry on that date (JOURNAL_DAY_NOT_FOUND)'),
          },
        },
      },
      async (request) => journal.deleteDay(authOf(request).userId, request.params.date),
    );

    app.get(
      '/journal/trades',
      {
        preHandler,
        schema: {
          tags,
          summary: 'The caller’s annotated closed trades, newest close first (strategy case studies)',
          description:
            'from and to are dates in the user’s time zone, both included; account_id and strategy_id narrow the ' +
            'list. A trade without an annotation is not listed.',
          querystring: journalTradesQuerySchema,
          response: {
            200: journalTradeListSchema,
            404: errorBodySchema.describe('JOURNAL_ACCOUNT_NOT_FOUND for an account_id that is not the caller’s'),
          },
        },
      },
      async (request) => journal.annotatedTrades(authOf(request).userId, request.query),
    );

    app.get(
      '/journal/trades/:positionId',
      {
        preHandler,
        schema: {
          tags,
          summary: 'A trade (a position of the caller’s accounts) with its annotation, null when it has none',
          params: journalPositionParamsSchema,
          response: { 200: journalTradeSchema, 404: tradeNotFound, 409: tradeOpen },
        },
      },
      async (request) => annotations.trade(authOf(request).userId, request.params.positionId),
    );

    app.put(
      '/journal/trades/:positionId',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Creates or changes a trade’s annotation; fields left out keep their value',
          description:
            'notes is sanitized TipTap HTML. strategy_id, approach_id and checklist_item_ids must be the caller’s ' +
            '(approach and checklist items of that strategy); changing strategy_id without sending approach_id or ' +
            'checklist_item_ids clears them. screenshots are journal image ids, mistake_ids the caller’s mistakes. ' +
            'An id that is not the caller’s is a 404 naming the field.',
          params: journalPositionParamsSchema,
          body: journalAnnotationBodySchema,
          response: {
            200: journalTradeSchema,
            404: errorBodySchema.describe(
              'JOURNAL_TRADE_NOT_FOUND, or a linked id that is not the caller’s (JOURNAL_STRATEGY_NOT_FOUND, JOURNAL_APPROACH_NOT_FOUND, JOURNAL_CHECKLIST_ITEM_NOT_FOUND, JOURNAL_MISTAKE_NOT_FOUND, JOURNAL_IMAGE_NOT_FOUND)',
            ),
            409: tradeOpen,
          },
        },
      },
      async (request) => annotations.annotate(authOf(request).userId, request.params.positionId, request.body),
    );

    app.delete(
      '/journal/trades/:positionId',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Deletes a trade’s annotation; the trade stays',
          params: journalPositionParamsSchema,
          response: {
            200: journalTradeSchema,
            404: errorBodySchema.describe('JOURNAL_TRADE_NOT_FOUND or JOURNAL_ANNOTATION_NOT_FOUND'),
            409: tradeOpen,
          },
        },
      },
      async (request) => annotations.clear(authOf(request).userId, request.params.positionId),
    );

    app.get(
      '/journal/mistakes',
      {
        preHandler,
        schema: {
          tags,
          summary: 'The caller’s list of mistakes (a new list starts with a few common ones)',
          response: { 200: journalMistakeListSchema },
        },
      },
      async (request) => mistakes.list(authOf(request).userId),
    );

    app.post(
      '/journal/mistakes',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Adds a mistake to the caller’s list',
          body: journalMistakeBodySchema,
          response: {
            201: journalMistakeSchema,
            409: errorBodySchema.describe(
              'JOURNAL_MISTAKE_DUPLICATE (same name, any case) or JOURNAL_MISTAKE_LIMIT_REACHED',
            ),
          },
        },
      },
      async (request, reply) => reply.status(201).send(await mistakes.create(authOf(request).userId, request.body)),
    );

    app.put(
      '/journal/mistakes/:id',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Renames a mistake',
          params: idParamsSchema,
          body: journalMistakeBodySchema,
          response: {
            200: journalMistakeSchema,
            404: errorBodySchema.describe('JOURNAL_MISTAKE_NOT_FOUND'),
            409: errorBodySchema.describe('JOURNAL_MISTAKE_DUPLICATE'),
          },
        },
      },
      async (request) => mistakes.rename(authOf(request).userId, request.params.id, request.body),
    );

    app.delete(
      '/journal/mistakes/:id',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Deletes a mistake and takes it off every trade it was on',
          params: idParamsSchema,
          response: { 200: okSchema, 404: errorBodySchema.describe('JOURNAL_MISTAKE_NOT_FOUND') },
        },
      },
      async (request) => {
        await mistakes.delete(authOf(request).userId, request.params.id);
        return { ok: true as const };
      },
    );
  };
}
