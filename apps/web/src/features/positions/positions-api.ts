import type { SharedTrade, TradeShare } from '@tradedesk/contracts';
import { api } from '../../app/api';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';

type TradeRef = { account: string; tradeId: string };
const path = ({ account, tradeId }: TradeRef) =>
  `/trading/accounts/${encodeURIComponent(account)}/trades/${encodeURIComponent(tradeId)}/share`;

/**
 * The share links of closed trades (docs/api.md, "Trade shares"): the owner's link of a trade, made, changed or
 * revoked, and the public card a link shows. The other trading routes are in features/trading.
 */
export const positionsApi = api.enhanceEndpoints({ addTagTypes: ['TradeShare'] }).injectEndpoints({
  endpoints: (build) => ({
    tradeShare: build.query<TradeShare | null, TradeRef>({
      query: (ref) => ({ url: path(ref) }),
      transformResponse: (r: { share: TradeShare | null }) => r.share,
      providesTags: (_r, _e, ref) => [{ type: 'TradeShare', id: ref.tradeId }],
    }),
    shareTrade: build.mutation<TradeShare, TradeRef & { showMoney: boolean }>({
      query: ({ showMoney, ...ref }) => ({ url: path(ref), method: 'POST', body: { showMoney } }),
      invalidatesTags: (_r, _e, ref) => [{ type: 'TradeShare', id: ref.tradeId }],
    }),
    revokeTradeShare: build.mutation<void, TradeRef>({
      query: (ref) => ({ url: path(ref), method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_r, _e, ref) => [{ type: 'TradeShare', id: ref.tradeId }],
    }),
    sharedTrade: build.query<SharedTrade, string>({
      query: (token) => ({ url: `/trading/trades/share/${encodeURIComponent(token)}` }),
    }),
  }),
});

// The share dialog and the public page show their own failures.
markQuietEndpoints('shareTrade', 'revokeTradeShare', 'sharedTrade', 'tradeShare');

export const { useTradeShareQuery, useShareTradeMutation, useRevokeTradeShareMutation, useSharedTradeQuery } =
  positionsApi;
