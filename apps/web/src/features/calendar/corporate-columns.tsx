import Box from '@mui/material/Box';
import type { EarningsEvent, IpoEvent } from '@tradedesk/contracts';
import type { Formatters } from '../../shared/format/format-preferences';
import { MISSING_VALUE } from '../../shared/format/numbers';
import { SourceLabel } from './source-label';
import type { EventColumn } from './week-table';

export const sessionLabels: Record<string, string> = {
  before_open: 'Before open',
  after_close: 'After close',
  during: 'During session',
};

/** Money in the event's currency (compact for large amounts), or the plain number when it has none. */
export function eventMoney(f: Formatters, value: number | null, currency: string | null, compact = false): string {
  if (value === null) return MISSING_VALUE;
  return currency ? f.money(value, currency, { compact }) : f.price(value, 2);
}

/** Green when the actual beats the estimate, red when it misses (the user's P/L colours). */
export function beatColour(f: Formatters, actual: number | null, estimate: number | null): string | undefined {
  if (actual === null || estimate === null || actual === estimate) return undefined;
  return actual > estimate ? f.pnlColor('up') : f.pnlColor('down');
}

export function earningsColumns(f: Formatters): EventColumn<EarningsEvent>[] {
  const money = (v: number | null, e: EarningsEvent, compact = false) => eventMoney(f, v, e.currency, compact);
  return [
    { id: 'time', header: 'Time', width: 80, value: (e) => new Date(e.time), format: (e) => f.time(e.time) },
    {
      id: 'company',
      header: 'Company',
      width: 220,
      hideable: false,
      value: (e) => e.company,
      render: (e) => (
        <span>
          {e.company}
          {e.instrumentId && (
            <Box component="span" sx={{ color: 'text.secondary', ml: 0.75 }}>
              {e.instrumentId}
            </Box>
          )}
        </span>
      ),
    },
    {
      id: 'session',
      header: 'Session',
      width: 110,
      value: (e) => e.session,
      format: (e) => (e.session ? (sessionLabels[e.session] ?? e.session) : MISSING_VALUE),
    },
    { id: 'period', header: 'Period', width: 90, value: (e) => e.fiscalPeriod },
    {
      id: 'epsEstimate',
      header: 'EPS est.',
      numeric: true,
      width: 90,
      value: (e) => e.epsEstimate,
      format: (e) => money(e.epsEstimate, e),
    },
    {
      id: 'epsActual',
      header: 'EPS actual',
      numeric: true,
      width: 100,
      value: (e) => e.epsActual,
      format: (e) => money(e.epsActual, e),
      render: (e) => (
        <Box component="span" sx={{ color: beatColour(f, e.epsActual, e.epsEstimate) }}>
          {money(e.epsActual, e)}
        </Box>
      ),
    },
    {
      id: 'revenueEstimate',
      header: 'Revenue est.',
      numeric: true,
      width: 110,
      value: (e) => e.revenueEstimate,
      format: (e) => money(e.revenueEstimate, e, true),
    },
    {
      id: 'revenueActual',
      header: 'Revenue actual',
      numeric: true,
      width: 120,
      value: (e) => e.revenueActual,
      format: (e) => money(e.revenueActual, e, true),
      render: (e) => (
        <Box component="span" sx={{ color: beatColour(f, e.revenueActual, e.revenueEstimate) }}>
          {money(e.revenueActual, e, true)}
        </Box>
      ),
    },
    {
      id: 'source',
      header: 'Source',
      width: 110,
      value: (e) => e.source,
      render: (e) => <SourceLabel source={e.source} />,
    },
  ];
}

export function ipoColumns(f: Formatters): EventColumn<IpoEvent>[] {
  const money = (v: number | null, e: IpoEvent, compact = false) => eventMoney(f, v, e.currency, compact);
  return [
    { id: 'time', header: 'Time', width: 80, value: (e) => new Date(e.time), format: (e) => f.time(e.time) },
    {
      id: 'company',
      header: 'Company',
      width: 220,
      hideable: false,
      value: (e) => e.company,
      render: (e) => (
        <span>
          {e.company}
          {e.ticker && (
            <Box component="span" sx={{ color: 'text.secondary', ml: 0.75 }}>
              {e.ticker}
            </Box>
          )}
        </span>
      ),
    },
    { id: 'exchange', header: 'Exchange', width: 100, value: (e) => e.exchange },
    {
      id: 'price',
      header: 'Price range',
      numeric: true,
      width: 130,
      value: (e) => e.priceLow,
      format: (e) =>
        e.priceLow === null && e.priceHigh === null
          ? MISSING_VALUE
          : `${money(e.priceLow, e)} – ${money(e.priceHigh, e)}`,
    },
    {
      id: 'marketCap',
      header: 'Market cap',
      numeric: true,
      width: 110,
      value: (e) => e.marketCap,
      format: (e) => money(e.marketCap, e, true),
    },
    { id: 'status', header: 'Status', width: 100, value: (e) => e.status, format: (e) => statusLabel(e.status) },
    {
      id: 'source',
      header: 'Source',
      width: 110,
      value: (e) => e.source,
      render: (e) => <SourceLabel source={e.source} />,
    },
  ];
}

/** An IPO's status as shown: "expected" as Expected, "priced" as Priced (the API's value is lower case). */
export function statusLabel(status: string): string {
  const t = status.trim().replace(/[_-]+/g, ' ');
  return t ? t.charAt(0).toUpperCase() + t.slice(1).toLowerCase() : status;
}
