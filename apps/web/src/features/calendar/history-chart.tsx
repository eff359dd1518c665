import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { EconomicEvent, EconomicRelease } from '@tradedesk/contracts';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef } from 'react';
import { useFormatters } from '../../shared/format/format-preferences';
import { formatFigure } from './event-values';
import { betterWhenOf, surpriseOf } from './surprise';

/**
 * The past releases of an economic event: actual as bars (green better than the forecast, red worse), the
 * forecast as a line. ECharts, the metric chart library, with only what is used registered and the SVG renderer
 * (as features/metrics does); this module is the drawer's lazy chart chunk.
 */
use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export default function HistoryChart(props: { event: EconomicEvent; history: readonly EconomicRelease[] }) {
  const { event, history } = props;
  const theme = useTheme();
  const f = useFormatters();
  const box = useRef<HTMLDivElement>(null);
  const option = useMemo(() => {
    const better = betterWhenOf(event);
    const colourOf = (r: EconomicRelease) => {
      const s = surpriseOf(r.actual, r.forecast, better, event.decimals);
      return s === 'better' ? f.pnlColor('up') : s === 'worse' ? f.pnlColor('down') : theme.palette.text.secondary;
    };
    const text = theme.palette.text.secondary;
    return {
      animation: false,
      textStyle: { fontFamily: theme.typography.fontFamily },
      grid: { left: 56, right: 16, top: 32, bottom: 28 },
      legend: { data: ['Actual', 'Forecast'], textStyle: { color: text }, top: 0 },
      tooltip: {
        trigger: 'axis',
        backgroundColor: theme.palette.background.paper,
        borderColor: theme.palette.divider,
        textStyle: { color: theme.palette.text.primary },
        valueFormatter: (v: unknown) => formatFigure(typeof v === 'number' ? v : null, event, f.preferences.locale),
      },
      xAxis: {
        type: 'category',
        data: history.map((r) => r.period ?? f.date(r.time)),
        axisLabel: { color: text },
        axisLine: { lineStyle: { color: theme.palette.divider } },
      },
      yAxis: {
        type: 'value',
        scale: true,
        axisLabel: { color: text },
        splitLine: { lineStyle: { color: theme.palette.divider } },
      },
      series: [
        {
          name: 'Actual',
          type: 'bar',
          data: history.map((r) => ({ value: r.actual, itemStyle: { color: colourOf(r) } })),
          itemStyle: { color: theme.palette.primary.main },
        },
        {
          name: 'Forecast',
          type: 'line',
          data: history.map((r) => r.forecast),
          lineStyle: { color: theme.palette.info.main },
          itemStyle: { color: theme.palette.info.main },
        },
      ],
    };
  }, [event, history, theme, f]);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = init(el, undefined, { renderer: 'svg' });
    chart.setOption(option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option]);
  return (
    <Box
      ref={box}
      role="img"
      aria-label={`${event.title}: actual and forecast of the last ${history.length} releases`}
      sx={{ height: 240, width: '100%' }}
    />
  );
}
