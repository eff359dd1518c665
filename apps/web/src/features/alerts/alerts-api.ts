import type { Alert, AlertList, AlertLog, AlertLogEntry, UpdateAlertBody } from '@tradedesk/contracts';
import { api } from '../../app/api';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';

/**
 * The alert routes (spec section 7, "Alerts"; docs/api.md): `GET/POST /alerts`, `GET/PUT/DELETE /alerts/{id}`,
 * `GET /alerts/{id}/log`. Bodies are sent as text: an indicator's input ids (`stdDev`) are the catalogue's and
 * must not be snake_cased by the base query.
 */
export const alertsApi = api.enhanceEndpoints({ addTagTypes: ['Alerts', 'AlertLog'] }).injectEndpoints({
  endpoints: (build) => ({
    alerts: build.query<Alert[], void>({
      query: () => ({ url: '/alerts' }),
      transformResponse: (r: AlertList) => r.alerts,
      providesTags: ['Alerts'],
    }),
    alert: build.query<Alert, string>({
      query: (id) => ({ url: `/alerts/${id}` }),
      providesTags: (_r, _e, id) => [{ type: 'Alerts', id }],
    }),
    createAlert: build.mutation<Alert, Record<string, unknown>>({
      query: (body) => ({
        url: '/alerts',
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      }),
      invalidatesTags: ['Alerts'],
    }),
    updateAlert: build.mutation<Alert, { id: string; body: UpdateAlertBody }>({
      query: ({ id, body }) => ({
        url: `/alerts/${id}`,
        method: 'PUT',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      }),
      invalidatesTags: (_r, _e, { id }) => ['Alerts', { type: 'Alerts', id }, { type: 'AlertLog', id }],
    }),
    deleteAlert: build.mutation<void, string>({
      query: (id) => ({ url: `/alerts/${id}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['Alerts'],
    }),
    alertLog: build.query<AlertLogEntry[], string>({
      query: (id) => ({ url: `/alerts/${id}/log` }),
      transformResponse: (r: AlertLog) => r.entries,
      providesTags: (_r, _e, id) => [{ type: 'AlertLog', id }],
    }),
  }),
});

// The dialog puts a refusal on its field, and the panel says what failed in its own words.
markQuietEndpoints('createAlert', 'updateAlert', 'deleteAlert');

export const {
  useAlertsQuery,
  useAlertQuery,
  useCreateAlertMutation,
  useUpdateAlertMutation,
  useDeleteAlertMutation,
  useAlertLogQuery,
} = alertsApi;
