import Box from '@mui/material/Box';
import type { EconomicEvent } from '@tradedesk/contracts';
import type { Formatters } from '../../shared/format/format-preferences';
import { visuallyHidden } from '../../shared/states/visually-hidden';
import { formatFigure } from './event-values';
import { ImpactBars } from './impact-bars';
import { SourceLabel } from './source-label';
import { eventSurprise, type Surprise } from './surprise';
import type { EventColumn } from './week-table';

export const surpriseWords: Record<Surprise, string> = {
  better: 'better than forecast',
  worse: 'worse than forecast',
  inline: 'in line with forecast',
};

/**
 * An actual, green when better than the forecast and red when worse (the user's P/L colours), said in words too.
 * `value` and `surprise` default to the event's own.
 */
export function ActualValue(props: {
  event: EconomicEvent;
  f: Formatters;
  value?: number | null;
  surprise?: Surprise | null;
}) {
  const { event, f } = props;
  const surprise = props.surprise === undefined ? eventSurprise(event) : props.surprise;
  const value = props.value === undefined ? event.actual : props.value;
  const colour = surprise === 'better' ? f.pnlColor('up') : surprise === 'worse' ? f.pnlColor('down') : 'text.primary';
  return (
    <Box
      component="span"
      data-surprise={surprise ?? 'none'}
      title={surprise ? surpriseWords[surprise] : undefined}
      sx={{ color: colour, fontWeight: surprise && surprise !== 'inline' ? 600 : undefined }}
    >
      {formatFigure(value, event, f.preferences.locale)}
      {surprise && <Box component="span" sx={visuallyHidden}>{` (${surpriseWords[surprise]})`}</Box>}
    </Box>
  );
}

/** The economic calendar's columns: time in the user's zone, country, event, impact bars, the figures, source. */
export function economicColumns(f: Formatters): EventColumn<EconomicEvent>[] {
  const figure = (v: number | null, e: EconomicEvent) => formatFigure(v, e, f.preferences.locale);
  return [
    { id: 'time', header: 'Time', width: 80, value: (e) => new Date(e.time), format: (e) => f.time(e.time) },
    {
      id: 'country',
      header: 'Country',
      width: 84,
      value: (e) => e.country,
      format: (e) => `${e.country} · ${e.currency}`,
    },
    {
      id: 'event',
      header: 'Event',
      width: 400,
      hideable: false,
      value: (e) => e.title,
      render: (e) => (
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {e.title}
          {e.period && (
            <Box component="span" sx={{ color: 'text.secondary', ml: 0.75 }}>
              {e.period}
            </Box>
          )}
        </Box>
      ),
    },
    {
      id: 'impact',
      header: 'Impact',
      width: 80,
      value: (e) => e.impact,
      render: (e) => <ImpactBars impact={e.impact} />,
    },
    {
      id: 'actual',
      header: 'Actual',
      width: 90,
      numeric: true,
      value: (e) => e.actual,
      format: (e) => figure(e.actual, e),
      render: (e) => <ActualValue event={e} f={f} />,
    },
    {
      id: 'forecast',
      header: 'Forecast',
      width: 90,
      numeric: true,
      value: (e) => e.forecast,
      format: (e) => figure(e.forecast, e),
    },
    {
      id: 'prior',
      header: 'Prior',
      width: 90,
      numeric: true,
      value: (e) => e.prior,
      format: (e) => figure(e.prior, e),
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
