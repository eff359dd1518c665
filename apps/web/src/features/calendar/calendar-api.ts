import type {
  CalendarAnswer,
  CalendarSettings,
  CalendarSettingsBody,
  EarningsCalendarAnswer,
  EarningsEventDetail,
  EconomicCalendarAnswer,
  EconomicEventDetail,
  IpoCalendarAnswer,
  IpoEventDetail,
} from '@tradedesk/contracts';
import { api } from '../../app/api';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';

/** A range of the calendar routes: YYYY-MM-DD days (UTC), both inclusive. */
export type CalendarRange = { from: string; to: string };

/**
 * The calendar routes (spec section 7 "Market": /market/calendar...; docs/api.md). The lists are read per week;
 * the settings are the user's (GET/PUT /market/calendar/settings) and a save replaces the cached copy.
 */
export const calendarApi = api.enhanceEndpoints({ addTagTypes: ['CalendarSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    economicCalendar: build.query<EconomicCalendarAnswer, CalendarRange>({
      query: ({ from, to }) => ({ url: '/market/calendar/economic', params: { from, to, limit: 1000 } }),
    }),
    earningsCalendar: build.query<EarningsCalendarAnswer, CalendarRange>({
      query: ({ from, to }) => ({ url: '/market/calendar/earnings', params: { from, to, limit: 1000 } }),
    }),
    ipoCalendar: build.query<IpoCalendarAnswer, CalendarRange>({
      query: ({ from, to }) => ({ url: '/market/calendar/ipos', params: { from, to, limit: 1000 } }),
    }),
    /** The combined calendar: the chart asks for the high-impact events of the range of its bars. */
    calendar: build.query<CalendarAnswer, CalendarRange & { impact?: string }>({
      query: (params) => ({ url: '/market/calendar', params }),
    }),
    economicEvent: build.query<EconomicEventDetail, string>({
      query: (id) => ({ url: `/market/calendar/economic/${encodeURIComponent(id)}` }),
    }),
    earningsEvent: build.query<EarningsEventDetail, string>({
      query: (id) => ({ url: `/market/calendar/earnings/${encodeURIComponent(id)}` }),
    }),
    ipoEvent: build.query<IpoEventDetail, string>({
      query: (id) => ({ url: `/market/calendar/ipos/${encodeURIComponent(id)}` }),
    }),
    calendarSettings: build.query<CalendarSettings, void>({
      query: () => ({ url: '/market/calendar/settings' }),
      providesTags: ['CalendarSettings'],
    }),
    saveCalendarSettings: build.mutation<CalendarSettings, CalendarSettingsBody>({
      query: (body) => ({ url: '/market/calendar/settings', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.then(
          (r) => r.data,
          () => null,
        );
        if (saved) dispatch(calendarApi.util.upsertQueryData('calendarSettings', undefined, saved));
      },
    }),
  }),
});

// The settings dialog puts the server's messages on its fields; the chart's markers are an extra it can do without.
markQuietEndpoints('saveCalendarSettings', 'calendar');

export const {
  useEconomicCalendarQuery,
  useEarningsCalendarQuery,
  useIpoCalendarQuery,
  useCalendarQuery,
  useEconomicEventQuery,
  useEarningsEventQuery,
  useIpoEventQuery,
  useCalendarSettingsQuery,
  useSaveCalendarSettingsMutation,
} = calendarApi;
