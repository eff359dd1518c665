import {
  calendarAnswerSchema,
  calendarEventParamsSchema,
  calendarQuerySchema,
  calendarRangeQuerySchema,
  calendarSettingsBodySchema,
  calendarSettingsSchema,
  earningsCalendarAnswerSchema,
  earningsEventDetailSchema,
  economicCalendarAnswerSchema,
  economicCalendarQuerySchema,
  economicEventDetailSchema,
  errorBodySchema,
  ipoCalendarAnswerSchema,
  ipoEventDetailSchema,
} from '@tradedesk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth/guard.js';
import { foldArrayKeys } from '../../platform/query-arrays.js';
import type { CalendarDetail } from './calendar.detail.js';
import type { CalendarService } from './calendar.service.js';
import type { CalendarSettingsService } from './calendar.settings.js';

const tags = ['market'];
const notFound = {
  404: errorBodySchema.describe('No calendar event of this kind has this id (CALENDAR_EVENT_NOT_FOUND)'),
};
const RANGE =
  '`from` and `to` are dates (2026-03-02; a date-only `to` includes that day) or ISO 8601 instants with their ' +
  'offset; at most 93 days apart; the current week (Monday to Monday, UTC) when both are left out. ';
const SOURCES =
  'Every event states its `source`: "Simulated" for the offline simulated calendar, otherwise the feed or import ' +
  'it came from. Released figures (actual, reported EPS and revenue, final IPO price) are null before the event time.';

/** The economic, earnings and IPO calendars (spec section 7, "Market") and the calendar settings (section 3). */
export function calendarRoutes(deps: {
  calendar: CalendarService;
  detail: CalendarDetail;
  settings: CalendarSettingsService;
}): FastifyPluginAsyncZod {
  const { calendar, detail, settings } = deps;
  return async (app) => {
    app.addHook('preValidation', foldArrayKeys);

    app.get(
      '/market/calendar',
      {
        schema: {
          tags,
          summary: 'The calendar of a range: economic events, earnings and IPOs',
          description: `${RANGE}\`impact\` (low, medium, high; repeated or comma-separated) keeps economic events of those impacts; earnings and IPOs have no impact and are always included. ${SOURCES}`,
          querystring: calendarQuerySchema,
          response: { 200: calendarAnswerSchema },
        },
      },
      async (request) => calendar.calendar(request.query),
    );

    app.get(
      '/market/calendar/economic',
      {
        schema: {
          tags,
          summary: 'Economic events of a range, by time',
          description: `${RANGE}\`impact\` filters by impact, \`countries\` by country code (US, EU) or currency (USD); \`limit\` 1 to 1000 (default 500), \`total\` counts the events before it. ${SOURCES}`,
          querystring: economicCalendarQuerySchema,
          response: { 200: economicCalendarAnswerSchema },
        },
      },
      async (request) => calendar.economicList(request.query),
    );

    app.get(
      '/market/calendar/economic/:id',
      {
        schema: {
          tags,
          summary: 'An economic event with its indicator, past releases and the instruments it moves',
          description:
            'The history holds up to 24 past releases, oldest first; `instruments` gives the simulated market’s ' +
            'percent move over the 90 minutes after each of the last 12 releases.',
          params: calendarEventParamsSchema,
          response: { 200: economicEventDetailSchema, ...notFound },
        },
      },
      async (request) => detail.economic(request.params.id),
    );

    app.get(
      '/market/calendar/earnings',
      {
        schema: {
          tags,
          summary: 'Earnings reports of a range, by time',
          description: `${RANGE}${SOURCES}`,
          querystring: calendarRangeQuerySchema,
          response: { 200: earningsCalendarAnswerSchema },
        },
      },
      async (request) => calendar.earningsList(request.query),
    );

    app.get(
      '/market/calendar/earnings/:id',
      {
        schema: {
          tags,
          summary: 'An earnings report: EPS and revenue, estimate against actual, and its past quarters',
          description:
            '`history` holds up to 8 earlier reports of the company that are out, oldest first, each with its EPS ' +
            'and revenue surprise in percent. A simulated report’s market cap is the simulated market’s share price ' +
            '(at the report once out, the current one before) times the shares outstanding.',
          params: calendarEventParamsSchema,
          response: { 200: earningsEventDetailSchema, ...notFound },
        },
      },
      async (request) => detail.earnings(request.params.id),
    );

    app.get(
      '/market/calendar/ipos',
      {
        schema: {
          tags,
          summary: 'IPOs of a range, by time',
          description: `${RANGE}${SOURCES}`,
          querystring: calendarRangeQuerySchema,
          response: { 200: ipoCalendarAnswerSchema },
        },
      },
      async (request) => calendar.iposList(request.query),
    );

    app.get(
      '/market/calendar/ipos/:id',
      {
        schema: {
          tags,
          summary: 'An IPO: price range, shares offered, market cap, status and its price since the listing',
          description:
            '`priceHistory` holds the closes since the first trading day up to now (daily for a year, then weekly, ' +
            'past ten years monthly): from the simulated market when the ticker is one of its shares ' +
            '(`priceSource` "Simulated market"), from the simulated calendar’s own model for its fictional ' +
            'companies ("Simulated"), none otherwise (null).',
          params: calendarEventParamsSchema,
          response: { 200: ipoEventDetailSchema, ...notFound },
        },
      },
      async (request) => detail.ipo(request.params.id),
    );

    app.get(
      '/market/calendar/settings',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'The caller’s calendar settings (the defaults until saved)',
          response: { 200: calendarSettingsSchema },
        },
      },
      async (request) => settings.get(authOf(request).userId),
    );

    app.put(
      '/market/calendar/settings',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: 'Saves the caller’s calendar settings',
          description:
            'Any of economic, filters, earnings and ipos; each field given replaces the saved one, the others are ' +
            'kept. A minimum above its maximum is refused naming the field. Answers the whole settings.',
          body: calendarSettingsBodySchema,
          response: { 200: calendarSettingsSchema },
        },
      },
      async (request) => settings.save(authOf(request).userId, request.body),
    );
  };
}
