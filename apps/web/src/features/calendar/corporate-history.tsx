import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { EarningsEventDetail, IpoEventDetail } from '@tradedesk/contracts';
import { lazy, Suspense } from 'react';
import type { Formatters } from '../../shared/format/format-preferences';
import { MISSING_VALUE } from '../../shared/format/numbers';
import { EmptyState } from '../../shared/states/empty-state';
import { LoadingState } from '../../shared/states/loading-state';
import { beatColour, eventMoney } from './corporate-columns';
import { Fact, Facts } from './event-drawer';
import { SourceLabel } from './source-label';

const HistoryChart = lazy(() => import('./history-chart'));
const PriceChart = lazy(() => import('./price-chart'));

/** Closes listed in the IPO drawer's table (the chart shows them all). */
const IPO_TABLE_CLOSES = 10;

function Surprise(props: { f: Formatters; value: number | null }) {
  const { f, value } = props;
  if (value === null) return <>{MISSING_VALUE}</>;
  const word = value > 0 ? 'beat' : value < 0 ? 'miss' : 'in line';
  const colour = value > 0 ? f.pnlColor('up') : value < 0 ? f.pnlColor('down') : undefined;
  return (
    <Box component="span" sx={{ color: colour }}>
      {word} {f.percent(value, { signed: true, digits: 1 })}
    </Box>
  );
}

/** An earnings report's past quarters: reported EPS against the estimate as a chart, EPS and revenue in a table. */
export function EarningsHistory(props: { detail: EarningsEventDetail; f: Formatters }) {
  const { detail, f } = props;
  const { event, history } = detail;
  const neutral = useTheme().palette.text.secondary;
  if (history.length === 0) return <EmptyState title="No past quarters." />;
  const money = (v: number | null, compact = false) => eventMoney(f, v, event.currency, compact);
  const label = (q: (typeof history)[number]) => q.fiscalPeriod ?? f.date(q.time);
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Suspense fallback={<LoadingState label="Loading the chart" />}>
        <HistoryChart
          label={`${event.company}: reported and estimated EPS of the last ${history.length} quarters`}
          periods={history.map(label)}
          actual={history.map((q) => q.epsActual)}
          forecast={history.map((q) => q.epsEstimate)}
          colours={history.map((q) => beatColour(f, q.epsActual, q.epsEstimate) ?? neutral)}
          format={(v) => money(v)}
          names={{ actual: 'Reported EPS', forecast: 'Estimate' }}
        />
      </Suspense>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Past quarters">
          <TableHead>
            <TableRow>
              <TableCell>Quarter</TableCell>
              <TableCell align="right">EPS</TableCell>
              <TableCell align="right">EPS est.</TableCell>
              <TableCell align="right">Surprise</TableCell>
              <TableCell align="right">Revenue</TableCell>
              <TableCell align="right">Revenue est.</TableCell>
              <TableCell align="right">Surprise</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {[...history].reverse().map((q) => (
              <TableRow key={q.id}>
                <TableCell>
                  {label(q)}
                  <Box component="span" sx={{ display: 'block', color: 'text.secondary', whiteSpace: 'nowrap' }}>
                    {f.date(q.time)}
                  </Box>
                </TableCell>
                <TableCell align="right">{money(q.epsActual)}</TableCell>
                <TableCell align="right">{money(q.epsEstimate)}</TableCell>
                <TableCell align="right">
                  <Surprise f={f} value={q.epsSurprisePercent} />
                </TableCell>
                <TableCell align="right">{money(q.revenueActual, true)}</TableCell>
                <TableCell align="right">{money(q.revenueEstimate, true)}</TableCell>
                <TableCell align="right">
                  <Surprise f={f} value={q.revenueSurprisePercent} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

/** An IPO's price since its listing: the closes as a chart against the offer price, and the latest in a table. */
export function IpoPriceHistory(props: { detail: IpoEventDetail; f: Formatters }) {
  const { detail, f } = props;
  const { event, priceHistory: points } = detail;
  const theme = useTheme();
  if (points.length === 0)
    return (
      <EmptyState
        title={
          Date.parse(event.time) > Date.now() || event.finalPrice === null
            ? 'Not listed yet.'
            : 'No prices for this ticker.'
        }
      />
    );
  const money = (v: number | null) => eventMoney(f, v, event.currency);
  const first = points[0]!;
  const last = points.at(-1)!;
  const change = detail.changeSinceOfferPercent;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Facts label="Performance since the offer">
        <Fact term="Offer price">{money(event.finalPrice)}</Fact>
        <Fact term="First close">
          {money(first.close)} · {f.date(first.time)}
        </Fact>
        <Fact term="Latest close">
          {money(last.close)} · {f.date(last.time)}
        </Fact>
        <Fact term="Since the offer">
          {change === null ? (
            MISSING_VALUE
          ) : (
            <Box
              component="span"
              sx={{ color: change > 0 ? f.pnlColor('up') : change < 0 ? f.pnlColor('down') : undefined }}
            >
              {f.percent(change, { signed: true, digits: 1 })}
            </Box>
          )}
        </Fact>
        {detail.priceSource && (
          <Fact term="Prices from">
            <SourceLabel source={detail.priceSource} />
          </Fact>
        )}
      </Facts>
      <Suspense fallback={<LoadingState label="Loading the chart" />}>
        <PriceChart
          label={`${event.company}: ${points.length} closes since the listing`}
          dates={points.map((p) => f.date(p.time))}
          closes={points.map((p) => p.close)}
          offer={event.finalPrice}
          colour={theme.palette.primary.main}
          format={money}
        />
      </Suspense>
      <Typography variant="body2" color="text.secondary">
        The latest closes, newest first.
      </Typography>
      <Table size="small" aria-label="Closes since listing">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell align="right">Close</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {points
            .slice(-IPO_TABLE_CLOSES)
            .reverse()
            .map((p) => (
              <TableRow key={p.time}>
                <TableCell>{f.date(p.time)}</TableCell>
                <TableCell align="right">{money(p.close)}</TableCell>
              </TableRow>
            ))}
        </TableBody>
      </Table>
    </Box>
  );
}
