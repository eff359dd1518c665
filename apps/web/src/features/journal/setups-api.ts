import type { ManualSetup, ManualSetupsBody, ManualSetupsResponse } from '@tradedesk/contracts';
import { api } from '../../app/api';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';

export type ManualSetupsState = { state: ManualSetup[]; version: number };
type SetupBody = ManualSetupsBody['state'][number];

const path = '/user-data/v1/store/activeCharts/manualSetups';
const ofResponse = (r: ManualSetupsResponse): ManualSetupsState => ({
  state: r.payload.state,
  version: r.payload.version,
});

/**
 * The manual setups (spec section 7, user-data store `activeCharts/manualSetups`): the whole list is read and
 * written at once, with the saved version so a second tab never overwrites the first silently (409).
 */
export const setupsApi = api.enhanceEndpoints({ addTagTypes: ['ManualSetups'] }).injectEndpoints({
  endpoints: (build) => ({
    manualSetups: build.query<ManualSetupsState, void>({
      query: () => ({ url: path, host: 'userData' }),
      transformResponse: ofResponse,
      providesTags: ['ManualSetups'],
    }),
    saveManualSetups: build.mutation<ManualSetupsState, { version: number; state: SetupBody[] }>({
      query: (body) => ({ url: path, method: 'PUT', host: 'userData', body }),
      transformResponse: ofResponse,
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.then(
          (r) => r.data,
          () => null,
        );
        if (saved) dispatch(setupsApi.util.upsertQueryData('manualSetups', undefined, saved));
      },
    }),
  }),
});

markQuietEndpoints('manualSetups', 'saveManualSetups');

export const { useManualSetupsQuery, useSaveManualSetupsMutation } = setupsApi;

/** A saved setup as the PUT body writes it (the status is the server's and is not sent). */
export function setupBody(s: ManualSetup): SetupBody {
  return {
    id: s.id,
    name: s.name,
    symbol: s.symbol,
    source: s.source,
    timeframe: s.timeframe,
    chart_id: s.chartId,
    direction: s.direction,
    entry_from: s.entryFrom,
    entry_to: s.entryTo,
    stop_loss: s.stopLoss,
    take_profit: s.takeProfit,
    strategy_id: s.strategyId,
  };
}
