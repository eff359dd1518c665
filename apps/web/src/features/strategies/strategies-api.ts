import type {
  Approach,
  ApproachStatus,
  JournalTradeList,
  Strategy,
  StrategyLabelKind,
  StrategyList,
  StrategySnapshot,
} from '@tradedesk/contracts';
import { api } from '../../app/api';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';
import { type ApproachesAction, approachesReducer, emptyApproaches } from './approaches-state';

/** Case studies per page: each draws a chart. */
export const CASE_STUDIES_PAGE = 10;

const LIST = { type: 'Strategies' as const, id: 'LIST' };
const strategyTag = (id: string) => ({ type: 'Strategies' as const, id });
const snapshotsTag = (id: string) => ({ type: 'StrategySnapshots' as const, id });
const approachesTag = (id: string) => ({ type: 'StrategyApproaches' as const, id });

const enc = encodeURIComponent;
const strategyUrl = (id: string) => `/strategies/${enc(id)}`;
const approachUrl = (a: ApproachRef) => `${strategyUrl(a.id)}/approach/${enc(a.approachId)}`;
const criterionUrl = (c: CriterionRef) => `${approachUrl(c)}/criteria/${enc(c.criteriaId)}`;
const conditionUrl = (c: ConditionRef) => `${criterionUrl(c)}/conditions/${enc(c.conditionId)}`;

export type ApproachRef = { id: string; approachId: string };
export type CriterionRef = ApproachRef & { criteriaId: string };
export type ConditionRef = CriterionRef & { conditionId: string };
export type LabelArgs = { id: string; kind: StrategyLabelKind; value: string };

/**
 * An approach list after a change, by the same rules as the screen (approaches-state.ts): grouped by status,
 * entry first, then management, then exit.
 */
export function applyApproachChange(list: readonly Approach[], action: ApproachesAction<Approach>): Approach[] {
  const loaded = approachesReducer(emptyApproaches<Approach>(), { type: 'loaded', approaches: list });
  const next = approachesReducer(loaded, action);
  return [...next.groups.entry, ...next.groups.management, ...next.groups.exit];
}

function fileBody(file: Blob, name?: string): FormData {
  const form = new FormData();
  form.append('file', file, name ?? (file instanceof File ? file.name : 'image'));
  return form;
}

/**
 * Every call of spec section 7 "Strategies" (docs/api.md#strategies), and the case studies' trades from the
 * journal (GET /journal/trades?strategy_id). A change below an approach answers the whole approach, which
 * replaces the cached one in the strategy's approach list (applyApproachChange) without a refetch.
 */
export const strategiesApi = api
  .enhanceEndpoints({
    addTagTypes: ['Strategies', 'StrategySnapshots', 'StrategyApproaches', 'StrategyApproach', 'StrategyTrades'],
  })
  .injectEndpoints({
    endpoints: (build) => {
      /** An approach-changing mutation: its answer replaces the approach in the cached list. */
      const approachChange = <Args extends ApproachRef>(
        request: (args: Args) => { url: string; method: string; body?: unknown },
      ) =>
        build.mutation<Approach, Args>({
          query: request,
          // Only a reader of the one approach refetches; the list takes the answer below.
          invalidatesTags: (_r, error, args) => (error ? [] : [{ type: 'StrategyApproach', id: args.approachId }]),
          async onQueryStarted(args, { dispatch, queryFulfilled }) {
            try {
              const { data } = await queryFulfilled;
              dispatch(
                strategiesApi.util.updateQueryData('strategyApproaches', args.id, (draft) =>
                  applyApproachChange(draft, { type: 'updated', approach: data }),
                ),
              );
            } catch {
              // The caller shows the failure; the cache keeps what the server last said.
            }
          },
        });

      /** A change that answers the strategy: the answer replaces the cached strategy. */
      async function writeStrategy(
        args: { id: string },
        {
          dispatch,
          queryFulfilled,
        }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<{ data: Strategy }> },
      ) {
        try {
          const { data } = await queryFulfilled;
          dispatch(strategiesApi.util.upsertQueryData('strategy', args.id, data));
        } catch {
          // Shown by the caller.
        }
      }

      return {
        strategies: build.query<StrategyList, { page: number; limit?: number }>({
          query: ({ page, limit = 10 }) => ({ url: '/strategies', params: { page, limit } }),
          providesTags: (r) => [LIST, ...(r?.items ?? []).map((s) => strategyTag(s.id))],
        }),
        strategy: build.query<Strategy, string>({
          query: (id) => ({ url: strategyUrl(id) }),
          providesTags: (_r, _e, id) => [strategyTag(id)],
        }),
        createStrategy: build.mutation<Strategy, { name: string; description?: string }>({
          query: (body) => ({ url: '/strategies', method: 'POST', body }),
          invalidatesTags: (_r, error) => (error ? [] : [LIST]),
        }),
        updateStrategy: build.mutation<Strategy, { id: string; name?: string; description?: string }>({
          query: ({ id, ...body }) => ({ url: strategyUrl(id), method: 'PUT', body }),
          invalidatesTags: (_r, error, { id }) => (error ? [] : [strategyTag(id), LIST]),
        }),
        deleteStrategy: build.mutation<void, string>({
          query: (id) => ({ url: strategyUrl(id), method: 'DELETE' }),
          transformResponse: () => undefined,
          invalidatesTags: (_r, error) => (error ? [] : [LIST]),
        }),

        // Tags, symbols, timeframes and indicators of a strategy.
        addStrategyLabel: build.mutation<Strategy, LabelArgs>({
          query: ({ id, kind, value }) => ({ url: `${strategyUrl(id)}/${kind}/${enc(value)}`, method: 'POST' }),
          onQueryStarted: writeStrategy,
          invalidatesTags: (_r, error) => (error ? [] : [LIST]),
        }),
        removeStrategyLabel: build.mutation<Strategy, LabelArgs>({
          query: ({ id, kind, value }) => ({ url: `${strategyUrl(id)}/${kind}/${enc(value)}`, method: 'DELETE' }),
          onQueryStarted: writeStrategy,
          invalidatesTags: (_r, error) => (error ? [] : [LIST]),
        }),

        // Snapshots: chart images attached to the strategy.
        strategySnapshots: build.query<StrategySnapshot[], string>({
          query: (id) => ({ url: `${strategyUrl(id)}/snapshot` }),
          transformResponse: (r: { snapshots: StrategySnapshot[] }) => r.snapshots,
          providesTags: (_r, _e, id) => [snapshotsTag(id)],
        }),
        /** A saved chart of the user as a snapshot (shown with its symbol and timeframe, opened on the chart). */
        attachChartSnapshot: build.mutation<Strategy, { id: string; chartId: string }>({
          query: ({ id, chartId }) => ({ url: `${strategyUrl(id)}/snapshots`, method: 'POST', body: { chartId } }),
          onQueryStarted: writeStrategy,
          invalidatesTags: (_r, error, { id }) => (error ? [] : [snapshotsTag(id)]),
        }),
        uploadStrategySnapshot: build.mutation<Strategy, { id: string; file: Blob; name?: string }>({
          query: ({ id, file, name }) => ({
            url: `${strategyUrl(id)}/snapshots`,
            method: 'POST',
            body: fileBody(file, name),
          }),
          onQueryStarted: writeStrategy,
          invalidatesTags: (_r, error, { id }) => (error ? [] : [snapshotsTag(id)]),
        }),
        deleteStrategySnapshot: build.mutation<void, { id: string; snapshotId: string }>({
          query: ({ id, snapshotId }) => ({ url: `${strategyUrl(id)}/snapshots/${enc(snapshotId)}`, method: 'DELETE' }),
          transformResponse: () => undefined,
          invalidatesTags: (_r, error, { id }) => (error ? [] : [snapshotsTag(id), strategyTag(id)]),
        }),

        // Folders.
        createStrategyFolder: build.mutation<Strategy, { id: string; name: string; color?: string }>({
          query: ({ id, ...body }) => ({ url: `${strategyUrl(id)}/folders`, method: 'POST', body }),
          onQueryStarted: writeStrategy,
        }),
        deleteStrategyFolder: build.mutation<void, { id: string; folderId: string }>({
          query: ({ id, folderId }) => ({ url: `${strategyUrl(id)}/folders/${enc(folderId)}`, method: 'DELETE' }),
          transformResponse: () => undefined,
          invalidatesTags: (_r, error, { id }) => (error ? [] : [strategyTag(id)]),
        }),

        // Approaches.
        strategyApproaches: build.query<Approach[], string>({
          query: (id) => ({ url: `${strategyUrl(id)}/approach` }),
          transformResponse: (r: { approaches: Approach[] }) => r.approaches,
          providesTags: (_r, _e, id) => [approachesTag(id)],
        }),
        /** One approach as the server has it now (the list carries the same, whole). */
        strategyApproach: build.query<Approach, ApproachRef>({
          query: (a) => ({ url: approachUrl(a) }),
          providesTags: (_r, _e, a) => [{ type: 'StrategyApproach', id: a.approachId }],
        }),
        createApproach: build.mutation<
          Approach,
          { id: string; name: string; description?: string; status: ApproachStatus }
        >({
          query: ({ id, ...body }) => ({ url: `${strategyUrl(id)}/approach`, method: 'POST', body }),
          async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
            try {
              const { data } = await queryFulfilled;
              dispatch(
                strategiesApi.util.updateQueryData('strategyApproaches', id, (draft) =>
                  applyApproachChange(draft, { type: 'added', approach: data }),
                ),
              );
            } catch {
              // Shown by the caller.
            }
          },
          // The strategy counts its approaches.
          invalidatesTags: (_r, error, { id }) => (error ? [] : [strategyTag(id)]),
        }),
        updateApproach: approachChange<ApproachRef & { name?: string; description?: string; status?: ApproachStatus }>(
          ({ id, approachId, ...body }) => ({ url: approachUrl({ id, approachId }), method: 'PUT', body }),
        ),
        deleteApproach: build.mutation<void, ApproachRef>({
          query: (a) => ({ url: approachUrl(a), method: 'DELETE' }),
          transformResponse: () => undefined,
          async onQueryStarted(a, { dispatch, queryFulfilled }) {
            try {
              await queryFulfilled;
              dispatch(
                strategiesApi.util.updateQueryData('strategyApproaches', a.id, (draft) =>
                  applyApproachChange(draft, { type: 'removed', id: a.approachId }),
                ),
              );
            } catch {
              // Shown by the caller.
            }
          },
          invalidatesTags: (_r, error, { id }) => (error ? [] : [strategyTag(id)]),
        }),
        addApproachLabel: approachChange<ApproachRef & { kind: StrategyLabelKind; value: string }>(
          ({ kind, value, ...a }) => ({ url: `${approachUrl(a)}/${kind}/${enc(value)}`, method: 'POST' }),
        ),
        removeApproachLabel: approachChange<ApproachRef & { kind: StrategyLabelKind; value: string }>(
          ({ kind, value, ...a }) => ({ url: `${approachUrl(a)}/${kind}/${enc(value)}`, method: 'DELETE' }),
        ),

        // Criteria, conditions, and a condition's checklist, images and comments: each answers the approach.
        createCriterion: approachChange<ApproachRef & { name: string }>(({ name, ...a }) => ({
          url: `${approachUrl(a)}/criteria`,
          method: 'POST',
          body: { name },
        })),
        updateCriterion: approachChange<CriterionRef & { name: string }>(({ name, ...c }) => ({
          url: criterionUrl(c),
          method: 'PUT',
          body: { name },
        })),
        deleteCriterion: approachChange<CriterionRef>((c) => ({ url: criterionUrl(c), method: 'DELETE' })),
        createCondition: approachChange<CriterionRef & { text: string }>(({ text, ...c }) => ({
          url: `${criterionUrl(c)}/conditions`,
          method: 'POST',
          body: { text },
        })),
        updateCondition: approachChange<ConditionRef & { text: string }>(({ text, ...c }) => ({
          url: conditionUrl(c),
          method: 'PUT',
          body: { text },
        })),
        deleteCondition: approachChange<ConditionRef>((c) => ({ url: conditionUrl(c), method: 'DELETE' })),
        createChecklistItem: approachChange<ConditionRef & { text: string }>(({ text, ...c }) => ({
          url: `${conditionUrl(c)}/checklist`,
          method: 'POST',
          body: { text },
        })),
        updateChecklistItem: approachChange<ConditionRef & { itemId: string; text: string }>(
          ({ itemId, text, ...c }) => ({
            url: `${conditionUrl(c)}/checklist/${enc(itemId)}`,
            method: 'PUT',
            body: { text },
          }),
        ),
        deleteChecklistItem: approachChange<ConditionRef & { itemId: string }>(({ itemId, ...c }) => ({
          url: `${conditionUrl(c)}/checklist/${enc(itemId)}`,
          method: 'DELETE',
        })),
        uploadConditionImage: approachChange<ConditionRef & { file: Blob; name?: string }>(({ file, name, ...c }) => ({
          url: `${conditionUrl(c)}/images`,
          method: 'POST',
          body: fileBody(file, name),
        })),
        deleteConditionImage: approachChange<ConditionRef & { imageId: string }>(({ imageId, ...c }) => ({
          url: `${conditionUrl(c)}/images/${enc(imageId)}`,
          method: 'DELETE',
        })),
        createComment: approachChange<ConditionRef & { text: string }>(({ text, ...c }) => ({
          url: `${conditionUrl(c)}/comments`,
          method: 'POST',
          body: { text },
        })),
        updateComment: approachChange<ConditionRef & { commentId: string; text: string }>(
          ({ commentId, text, ...c }) => ({
            url: `${conditionUrl(c)}/comments/${enc(commentId)}`,
            method: 'PUT',
            body: { text },
          }),
        ),
        deleteComment: approachChange<ConditionRef & { commentId: string }>(({ commentId, ...c }) => ({
          url: `${conditionUrl(c)}/comments/${enc(commentId)}`,
          method: 'DELETE',
        })),

        /** Case studies: the user's trades linked to the strategy in the journal, newest close first. */
        strategyTrades: build.query<JournalTradeList, { strategyId: string; page?: number }>({
          query: ({ strategyId, page = 1 }) => ({
            url: '/journal/trades',
            params: { strategyId, page, limit: CASE_STUDIES_PAGE },
          }),
          providesTags: (_r, _e, { strategyId }) => [{ type: 'StrategyTrades', id: strategyId }],
        }),
      };
    },
  });

// These show their failures on the screen (an error state with Try again, a dialog's alert, a field).
markQuietEndpoints(
  'strategies',
  'strategy',
  'strategySnapshots',
  'strategyApproaches',
  'strategyTrades',
  'createStrategy',
  'updateStrategy',
  'deleteStrategy',
  'deleteStrategySnapshot',
  'deleteStrategyFolder',
  'deleteApproach',
  'createApproach',
  'updateApproach',
);

export const {
  useStrategiesQuery,
  useStrategyQuery,
  useCreateStrategyMutation,
  useUpdateStrategyMutation,
  useDeleteStrategyMutation,
  useAddStrategyLabelMutation,
  useRemoveStrategyLabelMutation,
  useStrategySnapshotsQuery,
  useAttachChartSnapshotMutation,
  useUploadStrategySnapshotMutation,
  useDeleteStrategySnapshotMutation,
  useCreateStrategyFolderMutation,
  useDeleteStrategyFolderMutation,
  useStrategyApproachesQuery,
  useStrategyApproachQuery,
  useCreateApproachMutation,
  useUpdateApproachMutation,
  useDeleteApproachMutation,
  useAddApproachLabelMutation,
  useRemoveApproachLabelMutation,
  useCreateCriterionMutation,
  useUpdateCriterionMutation,
  useDeleteCriterionMutation,
  useCreateConditionMutation,
  useUpdateConditionMutation,
  useDeleteConditionMutation,
  useCreateChecklistItemMutation,
  useUpdateChecklistItemMutation,
  useDeleteChecklistItemMutation,
  useUploadConditionImageMutation,
  useDeleteConditionImageMutation,
  useCreateCommentMutation,
  useUpdateCommentMutation,
  useDeleteCommentMutation,
  useStrategyTradesQuery,
} = strategiesApi;
