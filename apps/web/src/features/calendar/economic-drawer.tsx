import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { EconomicEventDetail } from '@tradedesk/contracts';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { type Formatters, useFormatters } from '../../shared/format/format-preferences';
import { EmptyState } from '../../shared/states/empty-state';
import { LoadingState } from '../../shared/states/loading-state';
import { useEconomicEventQuery } from './calendar-api';
import type { DetailTab } from './calendar-url';
import { countdownText } from './countdown';
import { ActualValue, surpriseWords } from './economic-columns';
import { EventDrawer, Fact, Facts } from './event-drawer';
import { formatFigure } from './event-values';
import { ImpactBars } from './impact-bars';
import { SourceLabel } from './source-label';
import { betterWhenOf, eventSurprise, surpriseOf } from './surprise';
import { useNow } from './use-now';

const HistoryChart = lazy(() => import('./history-chart'));

const tabLabels: Record<DetailTab, string> = { overview: 'Overview', history: 'History', instruments: 'Instruments' };

function Overview(props: { detail: EconomicEventDetail; f: Formatters }) {
  const { detail, f } = props;
  const { event, indicator } = detail;
  const now = useNow(1000);
  const left = Date.parse(event.time) - now;
  const surprise = eventSurprise(event);
  const figure = (v: number | null) => formatFigure(v, event, f.preferences.locale);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {indicator?.description && <Typography variant="body2">{indicator.description}</Typography>}
      <Facts label="Event">
        <Fact term="Time">
          {f.dateTime(event.time)}
          {left > 0 && (
            <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
              ({countdownText(left)})
            </Box>
          )}
        </Fact>
        {indicator?.schedule && <Fact term="Schedule">{indicator.schedule}</Fact>}
        <Fact term="Country">
          {event.country} · {event.currency}
        </Fact>
        <Fact term="Impact">
          <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
            <ImpactBars impact={event.impact} /> {event.impact[0]?.toUpperCase()}
            {event.impact.slice(1)}
          </Box>
        </Fact>
        {event.period && <Fact term="Period">{event.period}</Fact>}
        <Fact term="Source">
          <SourceLabel source={event.source} />
        </Fact>
      </Facts>
      <Facts label="Values">
        <Fact term="Actual">{event.released ? <ActualValue event={event} f={f} /> : 'Not released yet'}</Fact>
        <Fact term="Forecast">{figure(event.forecast)}</Fact>
        <Fact term="Prior">{figure(event.prior)}</Fact>
        {surprise && (
          <Fact term="Surprise">
            {figure(event.surprise)} ({surpriseWords[surprise]}; {betterWhenOf(event) === 'higher' ? 'higher' : 'lower'}{' '}
            is better for the {event.currency})
          </Fact>
        )}
      </Facts>
    </Box>
  );
}

function History(props: { detail: EconomicEventDetail; f: Formatters }) {
  const { detail, f } = props;
  const { event, history } = detail;
  const neutral = useTheme().palette.text.secondary;
  if (history.length === 0) return <EmptyState title="No past releases." />;
  const figure = (v: number | null) => formatFigure(v, event, f.preferences.locale);
  const better = betterWhenOf(event);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Suspense fallback={<LoadingState label="Loading the chart" />}>
        <HistoryChart
          label={`${event.title}: actual and forecast of the last ${history.length} releases`}
          periods={history.map((r) => r.period ?? f.date(r.time))}
          actual={history.map((r) => r.actual)}
          forecast={history.map((r) => r.forecast)}
          colours={history.map((r) => {
            const s = surpriseOf(r.actual, r.forecast, better, event.decimals);
            return s === 'better' ? f.pnlColor('up') : s === 'worse' ? f.pnlColor('down') : neutral;
          })}
          format={figure}
        />
      </Suspense>
      <Table size="small" aria-label="Past releases">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Period</TableCell>
            <TableCell align="right">Actual</TableCell>
            <TableCell align="right">Forecast</TableCell>
            <TableCell align="right">Prior</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {[...history].reverse().map((r) => (
            <TableRow key={r.id}>
              <TableCell>{f.date(r.time)}</TableCell>
              <TableCell>{r.period ?? '—'}</TableCell>
              <TableCell align="right">
                <ActualValue
                  event={event}
                  f={f}
                  value={r.actual}
                  surprise={surpriseOf(r.actual, r.forecast, better, event.decimals)}
                />
              </TableCell>
              <TableCell align="right">{figure(r.forecast)}</TableCell>
              <TableCell align="right">{figure(r.prior)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Instruments(props: { detail: EconomicEventDetail; f: Formatters }) {
  const { detail, f } = props;
  const moves = new Map(detail.instruments.map((m) => [m.instrumentId, m]));
  const ids = [...new Set([...detail.event.instruments, ...detail.instruments.map((m) => m.instrumentId)])];
  if (ids.length === 0) return <EmptyState title="No instruments are linked to this event." />;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        The instruments this release moves, with their average move (either way) over the 90 minutes after its past
        releases in the simulated market.
      </Typography>
      <Table size="small" aria-label="Instruments it moves">
        <TableHead>
          <TableRow>
            <TableCell>Instrument</TableCell>
            <TableCell align="right">Average move</TableCell>
            <TableCell align="right">Last release</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ids.map((id) => {
            const m = moves.get(id);
            const last = m?.moves.at(-1);
            return (
              <TableRow key={id}>
                <TableCell>
                  <Link component={RouterLink} to={`/chart?symbol=${encodeURIComponent(id)}`}>
                    {id}
                  </Link>
                </TableCell>
                <TableCell align="right">
                  {m?.averageAbsMovePercent == null ? '—' : f.percent(m.averageAbsMovePercent)}
                </TableCell>
                <TableCell align="right">{last ? f.percent(last.changePercent, { signed: true }) : '—'}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * The economic calendar drawer (spec section 2: direction vertical, detail tabs): overview (description, schedule,
 * impact, values), history of past releases with a chart, and the instruments it moves (links to the chart).
 */
export function EconomicDrawer(props: {
  id: string;
  tab: DetailTab;
  onTab: (t: DetailTab) => void;
  onClose: () => void;
}) {
  const f = useFormatters();
  const query = useEconomicEventQuery(props.id, { skip: !props.id });
  const detail = query.data && query.data.event.id === props.id ? query.data : undefined;
  const notFound = isApiError(query.error) && query.error.status === 404;
  return (
    <EventDrawer
      open={Boolean(props.id)}
      label={detail ? `Economic event: ${detail.event.title}` : 'Economic event'}
      title={detail ? detail.event.title : 'Economic event'}
      subtitle={
        detail && (
          <>
            <span>
              {detail.event.country} · {f.dateTime(detail.event.time)}
            </span>
            <ImpactBars impact={detail.event.impact} />
            <SourceLabel source={detail.event.source} />
          </>
        )
      }
      onClose={props.onClose}
      status={detail ? 'ready' : query.isError ? 'error' : 'loading'}
      error={{ message: isApiError(query.error) ? query.error.message : undefined, onRetry: query.refetch, notFound }}
    >
      {detail && (
        <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
          <Tabs
            orientation="vertical"
            value={props.tab}
            onChange={(_e, t: DetailTab) => props.onTab(t)}
            aria-label="Event details"
            sx={{ borderRight: 1, borderColor: 'divider', minWidth: 140 }}
          >
            {(Object.keys(tabLabels) as DetailTab[]).map((t) => (
              <Tab key={t} value={t} label={tabLabels[t]} id={`event-tab-${t}`} aria-controls={`event-panel-${t}`} />
            ))}
          </Tabs>
          <Box
            role="tabpanel"
            id={`event-panel-${props.tab}`}
            aria-labelledby={`event-tab-${props.tab}`}
            sx={{ flex: 1, p: 2, overflow: 'auto' }}
          >
            {props.tab === 'overview' && <Overview detail={detail} f={f} />}
            {props.tab === 'history' && <History detail={detail} f={f} />}
            {props.tab === 'instruments' && <Instruments detail={detail} f={f} />}
          </Box>
        </Box>
      )}
    </EventDrawer>
  );
}
