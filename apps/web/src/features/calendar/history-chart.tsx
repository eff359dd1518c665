import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useEChart } from '../../shared/charts/use-echart';

/**
 * The past releases of an economic event: actual as bars in the colours given (green better than the forecast, red
 * worse), the forecast as a line. ECharts, the metric chart library, with only what is used registered and the SVG
 * renderer (as features/metrics does). This module is the drawer's lazy chart chunk: it takes everything as props
 * and imports nothing of the calendar, so loading it does not pull in the calendar page's own chunk.
 */
use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export type HistoryChartProps = {
  label: string;
  /** One per release, oldest first. */
  periods: string[];
  actual: (number | null)[];
  forecast: (number | null)[];
  colours: string[];
  format: (value: number | null) => string;
  /** Legend names of the bars and the line (default Actual and Forecast; earnings say Reported and Estimate). */
  names?: { actual: string; forecast: string };
};

export default function HistoryChart(props: HistoryChartProps) {
  const theme = useTheme();
  const { periods, actual, forecast, colours, format } = props;
  const actualName = props.names?.actual ?? 'Actual';
  const forecastName = props.names?.forecast ?? 'Forecast';
  const option = useMemo(() => {
    const text = theme.palette.text.secondary;
    return {
      animation: false,
      textStyle: { fontFamily: theme.typography.fontFamily },
      grid: { left: 56, right: 16, top: 32, bottom: 28 },
      legend: { data: [actualName, forecastName], textStyle: { color: text }, top: 0 },
      tooltip: {
        trigger: 'axis',
        backgroundColor: theme.palette.background.paper,
        borderColor: theme.palette.divider,
        textStyle: { color: theme.palette.text.primary },
        valueFormatter: (v: unknown) => format(typeof v === 'number' ? v : null),
      },
      xAxis: {
        type: 'category',
        data: periods,
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
          name: actualName,
          type: 'bar',
          data: actual.map((value, i) => ({ value, itemStyle: { color: colours[i] } })),
          itemStyle: { color: theme.palette.primary.main },
        },
        {
          name: forecastName,
          type: 'line',
          data: forecast,
          lineStyle: { color: theme.palette.info.main },
          itemStyle: { color: theme.palette.info.main },
        },
      ],
    };
  }, [periods, actual, forecast, colours, format, theme, actualName, forecastName]);
  const box = useEChart(option);
  return <Box ref={box} role="img" aria-label={props.label} sx={{ height: 240, width: '100%' }} />;
}
