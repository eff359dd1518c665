import type { TradeImport, TradeImportFormat } from '@tradedesk/contracts';
import { api } from '../../app/api';

export type StartImportArgs = { accountId: string; file: File; format: TradeImportFormat | 'auto'; timeZone?: string };

const importTag = (id: string) => ({ type: 'TradeImports' as const, id });

/**
 * Trade imports of an imported account (docs/api.md, "Trade imports"): the upload answers at once with the import
 * processing; its progress is polled until it is done, then the account's balance, trades and metrics are fetched
 * again.
 */
export const importsApi = api
  .enhanceEndpoints({ addTagTypes: ['TradeImports', 'TradingAccounts', 'Trades', 'AccountState'] })
  .injectEndpoints({
    endpoints: (build) => ({
      startTradeImport: build.mutation<TradeImport, StartImportArgs>({
        query: ({ accountId, file, format, timeZone }) => {
          const body = new FormData();
          body.append('format', format);
          if (timeZone) body.append('time_zone', timeZone);
          body.append('file', file);
          return { url: `/trading/accounts/${encodeURIComponent(accountId)}/imports`, method: 'POST', body };
        },
        invalidatesTags: (r) => (r ? [{ type: 'TradeImports', id: `LIST-${r.accountId}` }] : []),
      }),
      tradeImport: build.query<TradeImport, { accountId: string; importId: string }>({
        query: ({ accountId, importId }) => ({
          url: `/trading/accounts/${encodeURIComponent(accountId)}/imports/${encodeURIComponent(importId)}`,
        }),
        providesTags: (_r, _e, { importId }) => [importTag(importId)],
        async onQueryStarted(_args, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            // once the rows are booked, what shows the account's money and trades is stale
            if (data.status !== 'processing') {
              dispatch(
                importsApi.util.invalidateTags([
                  { type: 'TradingAccounts', id: 'LIST' },
                  'Trades',
                  'AccountState',
                  { type: 'TradeImports', id: `LIST-${data.accountId}` },
                ]),
              );
            }
          } catch {
            // the query's own error state shows it
          }
        },
      }),
      tradeImports: build.query<TradeImport[], string>({
        query: (accountId) => ({ url: `/trading/accounts/${encodeURIComponent(accountId)}/imports` }),
        transformResponse: (r: { imports: TradeImport[] }) => r.imports,
        providesTags: (_r, _e, accountId) => [{ type: 'TradeImports', id: `LIST-${accountId}` }],
      }),
    }),
  });

export const { useStartTradeImportMutation, useTradeImportQuery, useTradeImportsQuery } = importsApi;
