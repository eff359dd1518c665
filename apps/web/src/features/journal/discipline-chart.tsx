import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { DisciplinePeriod } from '@tradedesk/contracts';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { type ComposeOption, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { LineSeriesOption } from 'echarts/types/dist/shared';
import { useMemo } from 'react';
import { useEChart } from '../../shared/charts/use-echart';

/**
 * The discipline score over time (0-100 per day or week), Apache ECharts with only the line chart registered and
 * the SVG renderer, as the metrics plots. The journal's lazy chart chunk: nothing imports it statically.
 */
use([LineChart, GridComponent, TooltipComponent, SVGRenderer]);

type Option = ComposeOption<
  | LineSeriesOption
  | import('echarts/components').GridComponentOption
  | import('echarts/components').TooltipComponentOption
>;

export function DisciplineChart(props: { periods: readonly DisciplinePeriod[]; label: string; height?: number }) {
  const theme = useTheme();
  const { periods } = props;
  const option = useMemo<Option>(() => {
    const text = theme.palette.text.secondary;
    const grid = theme.palette.divider;
    return {
      animation: false,
      textStyle: { fontFamily: theme.typography.fontFamily },
      grid: { left: 44, right: 16, top: 16, bottom: 28 },
      tooltip: {
        trigger: 'axis',
        backgroundColor: theme.palette.background.paper,
        borderColor: grid,
        textStyle: { color: theme.palette.text.primary },
        formatter: (items: unknown) => {
          const p = periods[(items as Array<{ dataIndex: number }>)[0]?.dataIndex ?? -1];
          if (!p) return '';
          const score = p.score === null ? 'no scored trade' : `score ${p.score.toFixed(0)}`;
          return `${p.date}<br/>${score} · ${p.reviewed} reviewed, ${p.itemsMet}/${p.itemsTotal} checklist items, ${p.mistakes} mistake${p.mistakes === 1 ? '' : 's'}`;
        },
      },
      xAxis: {
        type: 'category',
        data: periods.map((p) => p.date),
        axisLabel: { color: text, hideOverlap: true },
        axisLine: { lineStyle: { color: grid } },
      },
      yAxis: {
        type: 'value',
        min: 0,
        max: 100,
        axisLabel: { color: text },
        splitLine: { lineStyle: { color: grid } },
      },
      series: [
        {
          type: 'line',
          name: 'Discipline score',
          data: periods.map((p) => (p.score === null ? null : Number(p.score.toFixed(1)))),
          connectNulls: true,
          symbolSize: 6,
          lineStyle: { width: 2, color: theme.palette.primary.main },
          itemStyle: { color: theme.palette.primary.main },
        },
      ],
    };
  }, [periods, theme]);

  const box = useEChart(option);

  return <Box ref={box} role="img" aria-label={props.label} sx={{ height: props.height ?? 220, width: '100%' }} />;
}
