import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { EarningsEvent, IpoEvent } from '@tradedesk/contracts';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { type Formatters, useFormatters } from '../../shared/format/format-preferences';
import { MISSING_VALUE } from '../../shared/format/numbers';
import { useEarningsEventQuery, useIpoEventQuery } from './calendar-api';
import type { DetailTab } from './calendar-url';
import { beatColour, eventMoney, sessionLabels, statusLabel } from './corporate-columns';
import { EarningsHistory, IpoPriceHistory } from './corporate-history';
import { DrawerTabs, EventDrawer, Fact, Facts } from './event-drawer';

/** The earnings and IPO drawers' tabs (the address's `detail`, shared with the economic drawer). */
const corporateTabs = ['overview', 'history'] as const;
type CorporateTab = (typeof corporateTabs)[number];
const corporateTab = (tab: DetailTab): CorporateTab => (tab === 'history' ? 'history' : 'overview');
const earningsTabLabels: Record<CorporateTab, string> = { overview: 'Overview', history: 'Past quarters' };
const ipoTabLabels: Record<CorporateTab, string> = { overview: 'Overview', history: 'Price since listing' };

import { SourceLabel } from './source-label';

/** Actual against estimate: the difference in % of the estimate, coloured by beat or miss. */
function Versus(props: {
  f: Formatters;
  actual: number | null;
  estimate: number | null;
  text: (v: number | null) => string;
}) {
  const { f, actual, estimate } = props;
  if (actual === null) return <>{`${props.text(estimate)} estimated · not reported yet`}</>;
  const diff = estimate !== null && estimate !== 0 ? ((actual - estimate) / Math.abs(estimate)) * 100 : null;
  const colour = beatColour(f, actual, estimate);
  const word = diff === null ? '' : diff > 0 ? 'beat' : diff < 0 ? 'miss' : 'in line';
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap' }}>
      <Box component="span" sx={{ color: colour, fontWeight: 600 }}>
        {props.text(actual)}
      </Box>
      <span>vs {props.text(estimate)} estimated</span>
      {diff !== null && (
        <Box component="span" sx={{ color: colour }}>
          ({word} {f.percent(diff, { signed: true, digits: 1 })})
        </Box>
      )}
    </Box>
  );
}

function EarningsOverview(props: { event: EarningsEvent; f: Formatters }) {
  const { event: e, f } = props;
  const money = (v: number | null, compact = false) => eventMoney(f, v, e.currency, compact);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Facts label="Earnings report">
        <Fact term="Time">
          {f.dateTime(e.time)}
          {e.session && ` · ${sessionLabels[e.session] ?? e.session}`}
        </Fact>
        {e.fiscalPeriod && <Fact term="Fiscal period">{e.fiscalPeriod}</Fact>}
        <Fact term="EPS">
          <Versus f={f} actual={e.epsActual} estimate={e.epsEstimate} text={(v) => money(v)} />
        </Fact>
        <Fact term="Revenue">
          <Versus f={f} actual={e.revenueActual} estimate={e.revenueEstimate} text={(v) => money(v, true)} />
        </Fact>
        <Fact term="Market cap">{money(e.marketCap, true)}</Fact>
        <Fact term="Exchange">{e.exchange ?? MISSING_VALUE}</Fact>
        <Fact term="Industry">{e.industry ?? MISSING_VALUE}</Fact>
        <Fact term="Source">
          <SourceLabel source={e.source} />
        </Fact>
      </Facts>
      {e.instrumentId && (
        <Link component={RouterLink} to={`/chart?symbol=${encodeURIComponent(e.instrumentId)}`}>
          Open the {e.instrumentId} chart
        </Link>
      )}
    </Box>
  );
}

/**
 * The earnings drawer (spec section 2 "Calendar drawers": earnings, screen overview): EPS and revenue, estimate vs
 * actual, and the company's past quarters.
 */
export function EarningsDrawer(props: {
  id: string;
  tab: DetailTab;
  onTab: (t: DetailTab) => void;
  onClose: () => void;
}) {
  const f = useFormatters();
  const query = useEarningsEventQuery(props.id, { skip: !props.id });
  const detail = query.data?.event.id === props.id ? query.data : undefined;
  const event = detail?.event;
  const tab = corporateTab(props.tab);
  return (
    <EventDrawer
      open={Boolean(props.id)}
      label={event ? `Earnings: ${event.company}` : 'Earnings'}
      title={event ? `${event.company} earnings` : 'Earnings'}
      subtitle={event && <SourceLabel source={event.source} />}
      onClose={props.onClose}
      status={event ? 'ready' : query.isError ? 'error' : 'loading'}
      error={{
        message: isApiError(query.error) ? query.error.message : undefined,
        onRetry: query.refetch,
        notFound: isApiError(query.error) && query.error.status === 404,
      }}
    >
      {detail && event && (
        <DrawerTabs tabs={corporateTabs} labels={earningsTabLabels} value={tab} onChange={props.onTab}>
          {tab === 'overview' ? <EarningsOverview event={event} f={f} /> : <EarningsHistory detail={detail} f={f} />}
        </DrawerTabs>
      )}
    </EventDrawer>
  );
}

function IpoDetail(props: { event: IpoEvent; f: Formatters }) {
  const { event: e, f } = props;
  const money = (v: number | null, compact = false) => eventMoney(f, v, e.currency, compact);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {e.description && <Typography variant="body2">{e.description}</Typography>}
      <Facts label="IPO">
        <Fact term="Listing">{f.dateTime(e.time)}</Fact>
        <Fact term="Status">{statusLabel(e.status)}</Fact>
        <Fact term="Ticker">{e.ticker ?? MISSING_VALUE}</Fact>
        <Fact term="Exchange">{e.exchange ?? MISSING_VALUE}</Fact>
        <Fact term="Price range">
          {e.priceLow === null && e.priceHigh === null ? MISSING_VALUE : `${money(e.priceLow)} – ${money(e.priceHigh)}`}
        </Fact>
        <Fact term="Final price">{e.finalPrice === null ? 'Not priced yet' : money(e.finalPrice)}</Fact>
        <Fact term="Shares offered">
          {e.sharesOffered === null ? MISSING_VALUE : f.volume(e.sharesOffered, { unit: 'units', compact: true })}
        </Fact>
        <Fact term="Market cap">{money(e.marketCap, true)}</Fact>
        <Fact term="Industry">{e.industry ?? MISSING_VALUE}</Fact>
        <Fact term="Country">{e.country ?? MISSING_VALUE}</Fact>
        <Fact term="Source">
          <SourceLabel source={e.source} />
        </Fact>
      </Facts>
    </Box>
  );
}

/** The IPO detail (spec section 2 "Calendar with ... IPO detail"), with its price since the listing. */
export function IpoDrawer(props: { id: string; tab: DetailTab; onTab: (t: DetailTab) => void; onClose: () => void }) {
  const f = useFormatters();
  const query = useIpoEventQuery(props.id, { skip: !props.id });
  const detail = query.data?.event.id === props.id ? query.data : undefined;
  const event = detail?.event;
  const tab = corporateTab(props.tab);
  return (
    <EventDrawer
      open={Boolean(props.id)}
      label={event ? `IPO: ${event.company}` : 'IPO'}
      title={event ? `${event.company} IPO` : 'IPO'}
      subtitle={event && <SourceLabel source={event.source} />}
      onClose={props.onClose}
      status={event ? 'ready' : query.isError ? 'error' : 'loading'}
      error={{
        message: isApiError(query.error) ? query.error.message : undefined,
        onRetry: query.refetch,
        notFound: isApiError(query.error) && query.error.status === 404,
      }}
    >
      {detail && event && (
        <DrawerTabs tabs={corporateTabs} labels={ipoTabLabels} value={tab} onChange={props.onTab}>
          {tab === 'overview' ? <IpoDetail event={event} f={f} /> : <IpoPriceHistory detail={detail} f={f} />}
        </DrawerTabs>
      )}
    </EventDrawer>
  );
}
