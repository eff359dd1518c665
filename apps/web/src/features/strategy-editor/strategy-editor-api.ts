import type { Backtest, BacktestBody, BacktestList, Strategy, StrategyGraph } from '@tradedesk/contracts';
import { api } from '../../app/api';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';

const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * The editor's calls (docs/api.md#strategies, #backtests). Graph bodies are sent as text: node settings and port
 * names are the graph format's camelCase (`sourceHandle`, `indicatorId`) and must not be snake_cased by the base
 * query.
 */
export const strategyEditorApi = api
  .enhanceEndpoints({ addTagTypes: ['EditorStrategy', 'Backtests'] })
  .injectEndpoints({
    endpoints: (build) => ({
      editorStrategy: build.query<Strategy, string>({
        query: (id) => ({ url: `/strategies/${encodeURIComponent(id)}` }),
        providesTags: (_r, _e, id) => [{ type: 'EditorStrategy', id }],
      }),
      saveStrategyGraph: build.mutation<Strategy, { id: string; graph: StrategyGraph }>({
        query: ({ id, graph }) => ({
          url: `/strategies/${encodeURIComponent(id)}`,
          method: 'PUT',
          body: JSON.stringify({ graph }),
          headers: JSON_HEADERS,
        }),
        // The editor keeps its own copy of the graph: the answer only updates the cached strategy.
        async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
          // A refused save is the caller's (its unwrap shows it): not an unhandled rejection here.
          const done = await queryFulfilled.catch(() => null);
          if (done) dispatch(strategyEditorApi.util.upsertQueryData('editorStrategy', id, done.data));
        },
      }),
      backtests: build.query<BacktestList, string>({
        query: (strategyId) => ({ url: `/strategies/${encodeURIComponent(strategyId)}/backtests` }),
        providesTags: (_r, _e, id) => [{ type: 'Backtests', id }],
      }),
      backtest: build.query<Backtest, string>({
        query: (id) => ({ url: `/backtests/${encodeURIComponent(id)}` }),
        keepUnusedDataFor: 120,
      }),
      runBacktest: build.mutation<Backtest, { strategyId: string; body: BacktestBody }>({
        query: ({ strategyId, body }) => ({
          url: `/strategies/${encodeURIComponent(strategyId)}/backtests`,
          method: 'POST',
          body,
        }),
        invalidatesTags: (_r, _e, { strategyId }) => [{ type: 'Backtests', id: strategyId }],
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          // A refused run (an unknown symbol, a bad range) is shown by the panel's unwrap: caught here, else the
          // rejected promise surfaces as an uncaught page error.
          const done = await queryFulfilled.catch(() => null);
          if (done) dispatch(strategyEditorApi.util.upsertQueryData('backtest', done.data.id, done.data));
        },
      }),
      deleteBacktest: build.mutation<void, { id: string; strategyId: string }>({
        query: ({ id }) => ({ url: `/backtests/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: (_r, _e, { strategyId }) => [{ type: 'Backtests', id: strategyId }],
      }),
    }),
  });

// Each caller shows its own failure: the page's error state, the save's toast, the run's alert, the lists' states.
markQuietEndpoints('editorStrategy', 'saveStrategyGraph', 'backtests', 'backtest', 'runBacktest', 'deleteBacktest');

export const {
  useEditorStrategyQuery,
  useSaveStrategyGraphMutation,
  useBacktestsQuery,
  useBacktestQuery,
  useRunBacktestMutation,
  useDeleteBacktestMutation,
} = strategyEditorApi;
