import type { RecentInstrument } from '@tradedesk/contracts';
import { useCallback, useEffect } from 'react';
import type { ApiError } from '../../shared/api/api-error';
import { getWsClient } from '../../shared/ws/ws-client';
import { useRecentInstrumentsQuery, useSaveRecentInstrumentsMutation } from './market-api';

/** The spec's fetch states of the recent instruments. */
export type FetchState = 'idle' | 'loading' | 'succeeded' | 'failed';

export const MAX_RECENT = 4;

const NONE: RecentInstrument[] = [];

/** The new instrument first, then the others without it, at most 4 (what the server keeps too). */
export function withRecent(
  list: readonly { symbol: string; source: string }[],
  picked: { symbol: string; source: string },
): { symbol: string; source: string }[] {
  const rest = list.filter((r) => !(r.symbol === picked.symbol && r.source === picked.source));
  return [
    { symbol: picked.symbol, source: picked.source },
    ...rest.map((r) => ({ symbol: r.symbol, source: r.source })),
  ].slice(0, MAX_RECENT);
}

/**
 * The recently opened instruments, kept in the user-data store (instrument/recentlyList). `active` false
 * fetches nothing (state `idle`). `remember` saves a pick with the version read; when another tab saved in
 * between (409) it reads again and saves once more.
 */
export function useRecentInstruments(active: boolean) {
  const query = useRecentInstrumentsQuery(undefined, { skip: !active });
  const [save] = useSaveRecentInstrumentsMutation();

  const state: FetchState =
    !active || query.isUninitialized
      ? 'idle'
      : query.isFetching && !query.data
        ? 'loading'
        : query.isError
          ? 'failed'
          : query.data
            ? 'succeeded'
            : 'loading';
  const error = query.isError ? ((query.error as ApiError | undefined)?.message ?? '') : '';

  const { data, refetch } = query;

  // Another tab saved its picks (the user channel's `charting.saved` for recentlyList): read them again.
  const version = data?.version;
  useEffect(() => {
    if (!active) return;
    return getWsClient().subscribe('user', (event) => {
      if (event.event !== 'charting.saved') return;
      const saved = event.data as { resource?: string; version?: number | null } | undefined;
      if (saved?.resource === 'recentlyList' && saved.version !== version) void refetch();
    });
  }, [active, version, refetch]);
  const remember = useCallback(
    async (picked: { symbol: string; source: string }) => {
      const current = data ?? { list: [], version: 0 };
      const first = await save({ version: current.version, list: withRecent(current.list, picked) });
      if ('error' in first && (first.error as ApiError | undefined)?.status === 409) {
        const fresh = await refetch();
        if (fresh.data) await save({ version: fresh.data.version, list: withRecent(fresh.data.list, picked) });
      }
    },
    [data, save, refetch],
  );

  return {
    state,
    error: error || (state === 'failed' ? 'The recent instruments could not be loaded.' : ''),
    list: data?.list ?? NONE,
    retry: refetch,
    remember,
  };
}
