import type {
  AccountSnapshot,
  CreateTradingAccountBody,
  PlaceOrderResult,
  Trade,
  TradingAccount,
  TradingDeal,
  TradingOrder,
  TradingPosition,
  UpdateTradingAccountBody,
} from '@tradedesk/contracts';
import { api } from '../../app/api';
import { markQuietEndpoints } from '../../shared/api/quiet-endpoints';

/** The account list's filter (spec section 2: filter status, default all). */
export type AccountStatusFilter = 'all' | 'connected' | 'disconnected' | 'archived';

export type TradingPlatform = {
  id: TradingAccount['platform'];
  name: string;
  type: TradingAccount['platformType'];
  connectorAvailable: boolean;
};
export type TradingBroker = {
  id: string;
  name: string;
  platforms: TradingAccount['platform'][];
  servers: string[];
  description: string;
};

/**
 * An order as the ticket sends it (PUT /middleware/{platformToken}/orders). Keys are camelCase here: the base
 * query sends them in snake_case.
 */
export type OrderRequest = {
  orderId?: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'market' | 'limit' | 'stop' | 'stop_limit';
  size?: number;
  riskPercentage?: number;
  triggerPrice?: number | null;
  limitPrice?: number | null;
  stopLoss?: number | null;
  takeProfit?: number | null;
  stopLossPips?: number | null;
  takeProfitPips?: number | null;
  stopLossLock?: 'price' | 'pips';
  takeProfitLock?: 'price' | 'pips';
  trailingStopPoints?: number | null;
  maxSlippagePoints?: number | null;
  requestedPrice?: number;
  expiry?: 'gtc' | 'day' | 'date';
  expiresAt?: string;
};

export type PlaceOrderArgs = {
  platformToken: string;
  /** Sent as the Idempotency-Key header: a retry of the same submit sends the same key and gets the same answer. */
  idempotencyKey: string;
  order: OrderRequest;
};

export type TradesArgs = {
  /** The account's platform token or its id. */
  account: string;
  status?: 'all' | 'open' | 'closed';
  symbol?: string;
  side?: 'buy' | 'sell';
  from?: string;
  to?: string;
  page?: number;
  limit?: number;
};
export type TradeList = { trades: Trade[]; page: number; limit: number; total: number };
export type TradingModification = {
  id: string;
  positionId: string | null;
  orderId: string | null;
  field: string;
  oldValue: number | null;
  newValue: number | null;
  source: 'client' | 'trailing_stop' | 'server';
  time: string;
};
export type TradeDetail = { trade: Trade; deals: TradingDeal[]; modifications: TradingModification[] };

const ACCOUNTS = { type: 'TradingAccounts' as const, id: 'LIST' };
const stateTag = (platformToken: string) => ({ type: 'AccountState' as const, id: platformToken });
const tradesTag = (account: string) => ({ type: 'Trades' as const, id: account });

/**
 * Every trading route of the web (spec section 7, "Trading accounts" and "Trading (middleware)"; docs/api.md):
 * accounts, platforms and brokers, an account's state (figures, open positions, pending orders), orders,
 * positions and trades. The session cookies authenticate them, as the trading bearer token does for other clients.
 */
export const tradingApi = api
  .enhanceEndpoints({ addTagTypes: ['TradingAccounts', 'AccountState', 'Trades'] })
  .injectEndpoints({
    endpoints: (build) => ({
      tradingAccounts: build.query<TradingAccount[], AccountStatusFilter | undefined>({
        query: (status = 'all') => ({ url: '/accounts', params: { status } }),
        transformResponse: (r: { accounts: TradingAccount[] }) => r.accounts,
        providesTags: [ACCOUNTS],
      }),
      tradingAccount: build.query<TradingAccount, string>({
        query: (id) => ({ url: `/accounts/${encodeURIComponent(id)}` }),
        providesTags: [ACCOUNTS],
      }),
      createTradingAccount: build.mutation<TradingAccount, CreateTradingAccountBody>({
        query: (body) => ({ url: '/accounts', method: 'POST', body }),
        invalidatesTags: [ACCOUNTS],
      }),
      updateTradingAccount: build.mutation<TradingAccount, { id: string } & UpdateTradingAccountBody>({
        query: ({ id, ...body }) => ({ url: `/accounts/${encodeURIComponent(id)}`, method: 'PUT', body }),
        invalidatesTags: [ACCOUNTS],
      }),
      archiveTradingAccount: build.mutation<TradingAccount, string>({
        query: (id) => ({ url: `/accounts/${encodeURIComponent(id)}/archive`, method: 'DELETE' }),
        // a refusal keeps the cleared active account (not read again at once)
        invalidatesTags: (_r, error) => (error ? [] : [ACCOUNTS]),
        onQueryStarted: clearActiveOnError,
      }),
      deleteTradingAccount: build.mutation<void, string>({
        query: (id) => ({ url: `/accounts/${encodeURIComponent(id)}/delete`, method: 'DELETE' }),
        transformResponse: () => undefined,
        // a refusal keeps the cleared active account (not read again at once)
        invalidatesTags: (_r, error) => (error ? [] : [ACCOUNTS]),
        onQueryStarted: clearActiveOnError,
      }),
      /** PUT /accounts/{id}/connect: makes the account the active one. */
      connectTradingAccount: build.mutation<TradingAccount, string>({
        query: (id) => ({ url: `/accounts/${encodeURIComponent(id)}/connect`, method: 'PUT' }),
        // a refusal keeps the cleared active account (not read again at once)
        invalidatesTags: (_r, error) => (error ? [] : [ACCOUNTS]),
        onQueryStarted: clearActiveOnError,
      }),
      /** A new platform token; the old one stops working. */
      refreshTradingToken: build.mutation<{ token: string }, string>({
        query: (id) => ({ url: `/trading/accounts/${encodeURIComponent(id)}/refresh`, method: 'PUT' }),
        // a refusal keeps the cleared active account (not read again at once)
        invalidatesTags: (_r, error) => (error ? [] : [ACCOUNTS]),
        onQueryStarted: clearActiveOnError,
      }),
      /** Deletes every order, position and deal of a virtual account. */
      resetTradingAccount: build.mutation<TradingAccount, { id: string; startingBalance?: number }>({
        query: ({ id, startingBalance }) => ({
          url: `/trading/accounts/${encodeURIComponent(id)}/reset`,
          method: 'POST',
          body: { confirm: true, ...(startingBalance !== undefined ? { startingBalance } : {}) },
        }),
        invalidatesTags: (result) =>
          result ? [ACCOUNTS, stateTag(result.token), tradesTag(result.id), tradesTag(result.token)] : [ACCOUNTS],
      }),
      tradingPlatforms: build.query<TradingPlatform[], void>({
        query: () => ({ url: '/trading/platforms' }),
        transformResponse: (r: { platforms: TradingPlatform[] }) => r.platforms,
      }),
      tradingBrokers: build.query<TradingBroker[], void>({
        query: () => ({ url: '/trading/brokers' }),
        transformResponse: (r: { brokers: TradingBroker[] }) => r.brokers,
      }),
      /** Server names grouped by broker. */
      knownServers: build.query<Record<string, string[]>, { query?: string; platform?: string }>({
        query: ({ query, platform }) => ({
          url: '/middleware/accounts/known-servers',
          params: { ...(query ? { query } : {}), ...(platform ? { platform } : {}) },
        }),
        transformResponse: (r: { data: Record<string, string[]> }) => r.data,
      }),
      /** GET /middleware/{platformToken}/accounts/1: figures, open positions and pending orders. */
      accountState: build.query<AccountSnapshot, string>({
        query: (platformToken) => ({ url: `/middleware/${encodeURIComponent(platformToken)}/accounts/1` }),
        providesTags: (_r, _e, platformToken) => [stateTag(platformToken)],
      }),
      placeOrder: build.mutation<PlaceOrderResult, PlaceOrderArgs>({
        query: ({ platformToken, idempotencyKey, order }) => ({
          url: `/middleware/${encodeURIComponent(platformToken)}/orders`,
          method: 'PUT',
          headers: { 'Idempotency-Key': idempotencyKey },
          body: order,
        }),
        invalidatesTags: (_r, error, { platformToken }) =>
          error ? [] : [stateTag(platformToken), { type: 'Trades' }, ACCOUNTS],
      }),
      cancelOrder: build.mutation<{ order: TradingOrder }, { platformToken: string; orderId: string }>({
        query: ({ platformToken, orderId }) => ({
          url: `/middleware/${encodeURIComponent(platformToken)}/orders`,
          method: 'DELETE',
          body: { orderId },
        }),
        invalidatesTags: (_r, error, { platformToken }) => (error ? [] : [stateTag(platformToken)]),
      }),
      closePosition: build.mutation<{ position: TradingPosition }, { platformToken: string; positionId: string }>({
        query: ({ platformToken, positionId }) => ({
          url: `/middleware/${encodeURIComponent(platformToken)}/orders/positions/close`,
          method: 'PUT',
          body: { positionId },
        }),
        invalidatesTags: (_r, error, { platformToken }) =>
          error ? [] : [stateTag(platformToken), { type: 'Trades' }, ACCOUNTS],
      }),
      closePartially: build.mutation<
        { position: TradingPosition },
        { platformToken: string; positionId: string; volume: number }
      >({
        query: ({ platformToken, positionId, volume }) => ({
          url: `/middleware/${encodeURIComponent(platformToken)}/orders/positions/close-partially`,
          method: 'PUT',
          body: { positionId, volume },
        }),
        invalidatesTags: (_r, error, { platformToken }) =>
          error ? [] : [stateTag(platformToken), { type: 'Trades' }, ACCOUNTS],
      }),
      /** Hedging accounts: two opposite positions of one symbol close each other for the smaller volume. */
      closeBy: build.mutation<
        { position: TradingPosition; opposite: TradingPosition },
        { platformToken: string; positionId: string; oppositePositionId: string }
      >({
        query: ({ platformToken, positionId, oppositePositionId }) => ({
          url: `/middleware/${encodeURIComponent(platformToken)}/orders/positions/close-by`,
          method: 'PUT',
          body: { positionId, oppositePositionId },
        }),
        invalidatesTags: (_r, error, { platformToken }) =>
          error ? [] : [stateTag(platformToken), { type: 'Trades' }, ACCOUNTS],
      }),
      /** null removes a level; an absent field keeps it. */
      modifyPosition: build.mutation<
        { position: TradingPosition },
        {
          platformToken: string;
          positionId: string;
          stopLoss?: number | null;
          takeProfit?: number | null;
          trailingStopPoints?: number | null;
        }
      >({
        query: ({ platformToken, ...body }) => ({
          url: `/middleware/${encodeURIComponent(platformToken)}/orders/positions/modify`,
          method: 'PUT',
          body,
        }),
        invalidatesTags: (_r, error, { platformToken }) => (error ? [] : [stateTag(platformToken), { type: 'Trades' }]),
      }),
      trades: build.query<TradeList, TradesArgs>({
        query: ({ account, ...params }) => ({
          url: `/trading/accounts/${encodeURIComponent(account)}/trades`,
          params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')),
        }),
        providesTags: (_r, _e, { account }) => [tradesTag(account), { type: 'Trades' }],
      }),
      tradeDetail: build.query<TradeDetail, { account: string; tradeId: string }>({
        query: ({ account, tradeId }) => ({
          url: `/trading/accounts/${encodeURIComponent(account)}/trades/${encodeURIComponent(tradeId)}`,
        }),
        providesTags: (_r, _e, { account }) => [tradesTag(account), { type: 'Trades' }],
      }),
    }),
  });

/**
 * Spec section 4: the active account is cleared when a switch, delete or archive answer carries an error, or the
 * token refresh is refused. Every cached account list loses its active mark until the list is read again.
 */
async function clearActiveOnError(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> },
): Promise<void> {
  try {
    await queryFulfilled;
  } catch {
    for (const status of ['all', 'connected', 'disconnected', 'archived', undefined] as const) {
      dispatch(
        tradingApi.util.updateQueryData('tradingAccounts', status, (accounts) => {
          for (const account of accounts) account.active = false;
        }),
      );
    }
  }
}

// These screens show their failures where they happen (the ticket's InlineAlert, the dialog's own alert, the
// panels' error states); the account list is read by the top bar on every page and must not toast there.
markQuietEndpoints(
  'tradingAccounts',
  'accountState',
  'createTradingAccount',
  'updateTradingAccount',
  'archiveTradingAccount',
  'deleteTradingAccount',
  'connectTradingAccount',
  'resetTradingAccount',
  'placeOrder',
  'knownServers',
);

export const {
  useTradingAccountsQuery,
  useTradingAccountQuery,
  useCreateTradingAccountMutation,
  useUpdateTradingAccountMutation,
  useArchiveTradingAccountMutation,
  useDeleteTradingAccountMutation,
  useConnectTradingAccountMutation,
  useRefreshTradingTokenMutation,
  useResetTradingAccountMutation,
  useTradingPlatformsQuery,
  useTradingBrokersQuery,
  useKnownServersQuery,
  useAccountStateQuery,
  usePlaceOrderMutation,
  useCancelOrderMutation,
  useClosePositionMutation,
  useClosePartiallyMutation,
  useCloseByMutation,
  useModifyPositionMutation,
  useTradesQuery,
  useTradeDetailQuery,
} = tradingApi;
