import type {
  JournalAnnotationBody,
  JournalCalendar,
  JournalDayBody,
  JournalDayView,
  JournalImage,
  JournalMistake,
  JournalMistakeList,
  JournalTrade,
} from '@tradedesk/contracts';
import { api } from '../../app/api';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';

export type CalendarArgs = { from: string; to: string; accountIds: string[] };
export type DayArgs = { date: string; accountIds: string[] };

const accountParam = (ids: string[]) => (ids.length ? { account_ids: ids.join(',') } : {});

/**
 * The journal (issue 12 item 5; packages/contracts/src/journal.ts): the calendar of days, a day's entry with its
 * trades, trade annotations, the user's list of mistakes and image uploads. Closing a trade invalidates the
 * trading area's `Trades` tag, so the calendar and the open day read their trades again.
 */
export const journalApi = api
  .enhanceEndpoints({ addTagTypes: ['Trades', 'JournalDay', 'JournalCalendar', 'JournalMistakes'] })
  .injectEndpoints({
    endpoints: (build) => ({
      journalCalendar: build.query<JournalCalendar, CalendarArgs>({
        query: ({ from, to, accountIds }) => ({
          url: '/journal/calendar',
          params: { from, to, ...accountParam(accountIds) },
        }),
        providesTags: ['JournalCalendar', 'Trades'],
      }),
      journalDay: build.query<JournalDayView, DayArgs>({
        query: ({ date, accountIds }) => ({
          url: `/journal/days/${encodeURIComponent(date)}`,
          params: accountParam(accountIds),
        }),
        providesTags: (_r, _e, { date }) => [{ type: 'JournalDay', id: date }, 'Trades'],
      }),
      saveJournalDay: build.mutation<JournalDayView, DayArgs & { body: JournalDayBody }>({
        query: ({ date, body }) => ({ url: `/journal/days/${encodeURIComponent(date)}`, method: 'PUT', body }),
        // The answer is the day as saved: the open day shows it at once (no reload, no flicker back to the old text).
        async onQueryStarted({ date, accountIds }, { dispatch, queryFulfilled }) {
          const saved = await queryFulfilled.then(
            (r) => r.data,
            () => null,
          );
          if (!saved) return;
          dispatch(
            journalApi.util.updateQueryData('journalDay', { date, accountIds }, (view) => {
              view.entry = saved.entry;
            }),
          );
        },
        invalidatesTags: (_r, error) => (error ? [] : ['JournalCalendar']),
      }),
      saveTradeAnnotation: build.mutation<JournalTrade, DayArgs & { positionId: string; body: JournalAnnotationBody }>({
        query: ({ positionId, body }) => ({
          url: `/journal/trades/${encodeURIComponent(positionId)}`,
          method: 'PUT',
          body,
        }),
        async onQueryStarted({ date, accountIds, positionId }, { dispatch, queryFulfilled }) {
          const saved = await queryFulfilled.then(
            (r) => r.data,
            () => null,
          );
          if (!saved) return;
          dispatch(
            journalApi.util.updateQueryData('journalDay', { date, accountIds }, (view) => {
              const trade = view.trades.find((t) => t.positionId === positionId);
              if (trade) trade.annotation = saved.annotation;
            }),
          );
        },
        invalidatesTags: (_r, error) => (error ? [] : ['JournalCalendar']),
      }),
      journalMistakes: build.query<JournalMistake[], void>({
        query: () => ({ url: '/journal/mistakes' }),
        transformResponse: (response: JournalMistakeList) => response.mistakes,
        providesTags: ['JournalMistakes'],
      }),
      addJournalMistake: build.mutation<JournalMistake, { name: string }>({
        query: (body) => ({ url: '/journal/mistakes', method: 'POST', body }),
        invalidatesTags: (_r, error) => (error ? [] : ['JournalMistakes']),
      }),
      renameJournalMistake: build.mutation<JournalMistake, { id: string; name: string }>({
        query: ({ id, name }) => ({
          url: `/journal/mistakes/${encodeURIComponent(id)}`,
          method: 'PUT',
          body: { name },
        }),
        invalidatesTags: (_r, error) => (error ? [] : ['JournalMistakes']),
      }),
      deleteJournalMistake: build.mutation<void, string>({
        query: (id) => ({ url: `/journal/mistakes/${encodeURIComponent(id)}`, method: 'DELETE' }),
        transformResponse: () => undefined,
        invalidatesTags: (_r, error) => (error ? [] : ['JournalMistakes']),
      }),
      uploadJournalImage: build.mutation<JournalImage, File>({
        query: (file) => {
          const body = new FormData();
          body.append('file', file);
          return { url: '/journal/images', method: 'POST', body };
        },
      }),
    }),
  });

// The screen shows these failures itself (the calendar's and the day's error states, the forms' messages).
markQuietEndpoints(
  'journalCalendar',
  'journalDay',
  'saveJournalDay',
  'saveTradeAnnotation',
  'addJournalMistake',
  'renameJournalMistake',
  'uploadJournalImage',
);

export const {
  useJournalCalendarQuery,
  useJournalDayQuery,
  useSaveJournalDayMutation,
  useSaveTradeAnnotationMutation,
  useJournalMistakesQuery,
  useAddJournalMistakeMutation,
  useRenameJournalMistakeMutation,
  useDeleteJournalMistakeMutation,
  useUploadJournalImageMutation,
} = journalApi;
