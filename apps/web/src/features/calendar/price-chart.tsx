import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { LineChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useEChart } from '../../shared/charts/use-echart';

/**
 * An IPO's closing prices since its listing as a line, with the offer price marked. ECharts with the SVG renderer,
 * lazy-loaded by the IPO drawer like the economic history chart; it takes everything as props.
 */
use([LineChart, GridComponent, TooltipComponent, MarkLineComponent, SVGRenderer]);

export type PriceChartProps = {
  label: string;
  /** One per close, oldest first, already formatted for the axis. */
  dates: string[];
  closes: number[];
  /** The final (offer) price, drawn as a dashed line; null when unknown. */
  offer: number | null;
  colour: string;
  format: (value: number | null) => string;
};

export default function PriceChart(props: PriceChartProps) {
  const theme = useTheme();
  const { dates, closes, offer, colour, format } = props;
  const option = useMemo(() => {
    const text = theme.palette.text.secondary;
    return {
      animation: false,
      textStyle: { fontFamily: theme.typography.fontFamily },
      grid: { left: 56, right: 48, top: 16, bottom: 28 },
      tooltip: {
        trigger: 'axis',
        backgroundColor: theme.palette.background.paper,
        borderColor: theme.palette.divider,
        textStyle: { color: theme.palette.text.primary },
        valueFormatter: (v: unknown) => format(typeof v === 'number' ? v : null),
      },
      xAxis: {
        type: 'category',
        data: dates,
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
          name: 'Close',
          type: 'line',
          data: closes,
          showSymbol: closes.length < 40,
          lineStyle: { color: colour },
          itemStyle: { color: colour },
          markLine:
            offer === null
              ? undefined
              : {
                  symbol: 'none',
                  label: { formatter: 'Offer', color: text },
                  lineStyle: { type: 'dashed', color: text },
                  data: [{ yAxis: offer }],
                },
        },
      ],
    };
  }, [dates, closes, offer, colour, format, theme]);
  const box = useEChart(option);
  return <Box ref={box} role="img" aria-label={props.label} sx={{ height: 240, width: '100%' }} />;
}
