import type {
  AccountGoals,
  ObjectiveCatalogueItem,
  PropChallenge,
  PropFirm,
  UserObjective,
} from '@tradedesk/contracts';
import { api } from '../../app/api';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';

const goalsTag = (accountId: string) => ({ type: 'AccountGoals' as const, id: accountId });
const OBJECTIVES = { type: 'UserObjectives' as const, id: 'LIST' };

/**
 * The prop-firm and objectives calls (spec section 7, "Trading accounts" and GET /market/objectives): the firms
 * and their challenges, the objective catalogue, the user's objectives, and an account's goals (the challenge's
 * live rule status and the account's objectives, kept current by the `rules` event of `account:<id>`).
 */
export const propApi = api
  .enhanceEndpoints({ addTagTypes: ['AccountGoals', 'UserObjectives', 'TradingAccounts'] })
  .injectEndpoints({
    endpoints: (build) => ({
      propFirms: build.query<PropFirm[], void>({
        query: () => ({ url: '/trading/firms' }),
        transformResponse: (r: { firms: PropFirm[] }) => r.firms,
      }),
      propChallenges: build.query<PropChallenge[], string>({
        query: (firmId) => ({ url: `/trading/firms/${encodeURIComponent(firmId)}/challenges` }),
        transformResponse: (r: { challenges: PropChallenge[] }) => r.challenges,
      }),
      propChallenge: build.query<PropChallenge, { firmId: string; challengeId: string }>({
        query: ({ firmId, challengeId }) => ({
          url: `/trading/firms/${encodeURIComponent(firmId)}/challenges/${encodeURIComponent(challengeId)}`,
        }),
      }),
      objectiveCatalogue: build.query<ObjectiveCatalogueItem[], void>({
        query: () => ({ url: '/market/objectives' }),
        transformResponse: (r: { objectives: ObjectiveCatalogueItem[] }) => r.objectives,
      }),
      userObjectives: build.query<UserObjective[], void>({
        query: () => ({ url: '/trading/objectives' }),
        transformResponse: (r: { objectives: UserObjective[] }) => r.objectives,
        providesTags: [OBJECTIVES],
      }),
      createUserObjective: build.mutation<UserObjective, { kind: string; name?: string; value?: number }>({
        query: (body) => ({ url: '/trading/objectives', method: 'POST', body }),
        invalidatesTags: [OBJECTIVES],
      }),
      updateUserObjective: build.mutation<UserObjective, { id: string; name?: string; value?: number }>({
        query: ({ id, ...body }) => ({ url: `/trading/objectives/${encodeURIComponent(id)}`, method: 'PUT', body }),
        invalidatesTags: [OBJECTIVES, { type: 'AccountGoals' }, { type: 'TradingAccounts' }],
      }),
      deleteUserObjective: build.mutation<void, string>({
        query: (id) => ({ url: `/trading/objectives/${encodeURIComponent(id)}`, method: 'DELETE' }),
        transformResponse: () => undefined,
        invalidatesTags: [OBJECTIVES, { type: 'AccountGoals' }, { type: 'TradingAccounts' }],
      }),
      /** GET /trading/objectives/{accountId}: the challenge's live rule status and the account's objectives. */
      accountGoals: build.query<AccountGoals, string>({
        query: (accountId) => ({ url: `/trading/objectives/${encodeURIComponent(accountId)}` }),
        providesTags: (_r, _e, accountId) => [goalsTag(accountId)],
      }),
      /** Sets an objective on an account, with its value there (the objective's own value when left out). */
      addAccountObjective: build.mutation<unknown, { accountId: string; objectiveId: string; value?: number }>({
        query: ({ accountId, objectiveId, value }) => ({
          url: `/trading/objectives/${encodeURIComponent(accountId)}/${encodeURIComponent(objectiveId)}`,
          method: 'POST',
          body: value === undefined ? {} : { value },
        }),
        invalidatesTags: (_r, error, { accountId }) =>
          error ? [] : [goalsTag(accountId), { type: 'TradingAccounts' }],
      }),
      updateAccountObjective: build.mutation<unknown, { accountId: string; objectiveId: string; value: number }>({
        query: ({ accountId, objectiveId, value }) => ({
          url: `/trading/objectives/${encodeURIComponent(accountId)}/${encodeURIComponent(objectiveId)}`,
          method: 'PUT',
          body: { value },
        }),
        invalidatesTags: (_r, error, { accountId }) =>
          error ? [] : [goalsTag(accountId), { type: 'TradingAccounts' }],
      }),
      removeAccountObjective: build.mutation<void, { accountId: string; objectiveId: string }>({
        query: ({ accountId, objectiveId }) => ({
          url: `/trading/objectives/${encodeURIComponent(accountId)}/${encodeURIComponent(objectiveId)}`,
          method: 'DELETE',
        }),
        transformResponse: () => undefined,
        invalidatesTags: (_r, error, { accountId }) =>
          error ? [] : [goalsTag(accountId), { type: 'TradingAccounts' }],
      }),
    }),
  });

// These show their failures where they happen (the forms' alerts, the tab's error state).
markQuietEndpoints(
  'accountGoals',
  'createUserObjective',
  'updateUserObjective',
  'deleteUserObjective',
  'addAccountObjective',
  'updateAccountObjective',
  'removeAccountObjective',
);

export const {
  usePropFirmsQuery,
  usePropChallengesQuery,
  usePropChallengeQuery,
  useObjectiveCatalogueQuery,
  useUserObjectivesQuery,
  useCreateUserObjectiveMutation,
  useUpdateUserObjectiveMutation,
  useDeleteUserObjectiveMutation,
  useAccountGoalsQuery,
  useAddAccountObjectiveMutation,
  useUpdateAccountObjectiveMutation,
  useRemoveAccountObjectiveMutation,
} = propApi;
