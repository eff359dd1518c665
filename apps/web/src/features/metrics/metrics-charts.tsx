import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type ComposeOption, type ECharts, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/types/dist/shared';
import { useEffect, useMemo, useRef } from 'react';
import { useFormatters } from '../../shared/format/format-preferences';
import { withTail } from './curve-tail';

/**
 * The metrics screen's plots: Apache ECharts, only the charts and components used registered (echarts/core), the
 * SVG renderer (no inline styles or canvas fonts to load; sharp in screenshots). This module is the screen's
 * lazy chart chunk: nothing imports it statically.
 */
use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

type Option = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | import('echarts/components').GridComponentOption
  | import('echarts/components').TooltipComponentOption
  | import('echarts/components').LegendComponentOption
>;

/** The theme's colours for a plot (dark and light follow the MUI theme). */
function useChartColors() {
  const theme = useTheme();
  const f = useFormatters();
  return useMemo(
    () => ({
      text: theme.palette.text.secondary,
      strong: theme.palette.text.primary,
      grid: theme.palette.divider,
      paper: theme.palette.background.paper,
      accent: theme.palette.primary.main,
      balance: theme.palette.info.main,
      up: f.pnlColor('up'),
      down: f.pnlColor('down'),
      font: theme.typography.fontFamily,
    }),
    [theme, f],
  );
}

/** One ECharts instance in a box that follows its size; `onSelect` gets the clicked item's index. */
function EChart(props: { option: Option; label: string; height: number; onSelect?: (index: number) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const { onSelect, option } = props;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  useEffect(() => {
    const instance = chart.current;
    if (!instance || !onSelect) return;
    const handler = (params: { dataIndex: number }) => onSelect(params.dataIndex);
    instance.on('click', handler);
    return () => {
      instance.off('click', handler);
    };
  }, [onSelect]);
  return (
    <Box
      ref={box}
      role="img"
      aria-label={props.label}
      sx={{ height: props.height, width: '100%', cursor: onSelect ? 'pointer' : undefined }}
    />
  );
}

export type Bar = {
  label: string;
  /** The value plotted (money, % or R); null when it has none in the unit (plotted as 0). */
  value: number | null;
  count: number;
  /** The value's text for the tooltip. */
  text: string;
};

/**
 * Bars of buckets (hours, sessions, weekdays, holding times). `measure` `value` plots the P/L, coloured by its
 * sign; `count` plots the number of trades (a histogram). Every bar carries its trade count as its label.
 */
export function BucketBars(props: {
  bars: Bar[];
  label: string;
  measure: 'value' | 'count';
  unit: string;
  height?: number;
  onSelect?: (index: number) => void;
}) {
  const c = useChartColors();
  const { bars, measure } = props;
  const option = useMemo<Option>(
    () => ({
      animation: false,
      textStyle: { fontFamily: c.font },
      grid: { left: 56, right: 12, top: 24, bottom: 28 },
      tooltip: {
        trigger: 'item',
        backgroundColor: c.paper,
        borderColor: c.grid,
        textStyle: { color: c.strong },
        formatter: (p: unknown) => {
          const bar = bars[(p as { dataIndex: number }).dataIndex];
          if (!bar) return '';
          return `${bar.label}<br/>${bar.text} · ${bar.count} ${bar.count === 1 ? 'trade' : 'trades'}`;
        },
      },
      xAxis: {
        type: 'category',
        data: bars.map((b) => b.label),
        axisLabel: { color: c.text, hideOverlap: true },
        axisLine: { lineStyle: { color: c.grid } },
        axisTick: { show: false },
      },
      yAxis: {
        type: 'value',
        name: measure === 'count' ? 'trades' : props.unit,
        nameTextStyle: { color: c.text },
        minInterval: measure === 'count' ? 1 : 0,
        axisLabel: { color: c.text },
        splitLine: { lineStyle: { color: c.grid } },
      },
      series: [
        {
          type: 'bar',
          barCategoryGap: measure === 'count' ? '4%' : '25%',
          data: bars.map((b) => {
            const v = measure === 'count' ? b.count : (b.value ?? 0);
            return {
              value: v,
              itemStyle: { color: measure === 'count' ? c.accent : v < 0 ? c.down : c.up },
              label: {
                show: b.count > 0,
                position: v < 0 ? 'bottom' : 'top',
                formatter: measure === 'count' ? `${b.count}` : `n=${b.count}`,
                color: c.text,
                fontSize: 10,
              },
            };
          }),
        },
      ],
    }),
    [bars, measure, props.unit, c],
  );
  return <EChart option={option} label={props.label} height={props.height ?? 240} onSelect={props.onSelect} />;
}

export type CurveRow = { time: string; balance: number; equity: number; drawdown: number };

/**
 * Equity and balance over time, with the drawdown below them shaded as an area under zero (two grids sharing
 * the time axis). Every series is drawn as steps: a value holds until the next point (nothing moves between
 * trades). With `end` (the period's end, ISO) the time axis runs to it and the lines stay flat from the last
 * point to it (to now at the latest: nothing is drawn in the future).
 */
export function EquityCurves(props: {
  rows: CurveRow[];
  label: string;
  unit: string;
  format: (value: number) => string;
  height?: number;
  end?: string | null;
  /** Now, in ms (injected for tests); the flat tail stops there. */
  nowMs?: number;
}) {
  const c = useChartColors();
  const f = useFormatters();
  const { format, end, nowMs } = props;
  const rows = useMemo(() => withTail(props.rows, end ?? null, nowMs ?? Date.now()), [props.rows, end, nowMs]);
  const option = useMemo<Option>(() => {
    const at = (r: CurveRow) => new Date(r.time).getTime();
    const endMs = end ? new Date(end).getTime() : undefined;
    const tooltip = (items: unknown) => {
      const list = items as Array<{ seriesName: string; value: [number, number] }>;
      const first = list[0];
      if (!first) return '';
      // No ECharts `marker`: it is HTML with a style attribute, which the Content-Security-Policy refuses.
      return [f.dateTime(first.value[0]), ...list.map((i) => `${i.seriesName}: ${format(i.value[1])}`)].join('<br/>');
    };
    return {
      animation: false,
      textStyle: { fontFamily: c.font },
      legend: { top: 0, textStyle: { color: c.text }, data: ['Equity', 'Balance', 'Drawdown'] },
      tooltip: {
        trigger: 'axis',
        backgroundColor: c.paper,
        borderColor: c.grid,
        textStyle: { color: c.strong },
        formatter: tooltip,
      },
      grid: [
        { left: 72, right: 16, top: 32, height: '50%' },
        { left: 72, right: 16, top: '68%', bottom: 28 },
      ],
      xAxis: [
        {
          type: 'time',
          gridIndex: 0,
          max: endMs,
          axisLabel: { show: false },
          axisLine: { lineStyle: { color: c.grid } },
        },
        {
          type: 'time',
          gridIndex: 1,
          max: endMs,
          axisLabel: { color: c.text, hideOverlap: true, formatter: (v: number) => f.date(v) },
          axisLine: { lineStyle: { color: c.grid } },
        },
      ],
      yAxis: [
        {
          type: 'value',
          gridIndex: 0,
          scale: true,
          name: props.unit,
          nameTextStyle: { color: c.text },
          axisLabel: { color: c.text },
          splitLine: { lineStyle: { color: c.grid } },
        },
        {
          type: 'value',
          gridIndex: 1,
          max: 0,
          splitNumber: 2,
          axisLabel: { color: c.text },
          splitLine: { lineStyle: { color: c.grid } },
        },
      ],
      series: [
        {
          name: 'Equity',
          type: 'line',
          step: 'end',
          showSymbol: false,
          xAxisIndex: 0,
          yAxisIndex: 0,
          lineStyle: { color: c.accent, width: 2 },
          itemStyle: { color: c.accent },
          data: rows.map((r) => [at(r), r.equity]),
        },
        {
          name: 'Balance',
          type: 'line',
          step: 'end',
          showSymbol: false,
          xAxisIndex: 0,
          yAxisIndex: 0,
          lineStyle: { color: c.balance, width: 1.5, type: 'dashed' },
          itemStyle: { color: c.balance },
          data: rows.map((r) => [at(r), r.balance]),
        },
        {
          name: 'Drawdown',
          type: 'line',
          step: 'end',
          showSymbol: false,
          xAxisIndex: 1,
          yAxisIndex: 1,
          lineStyle: { color: c.down, width: 1 },
          itemStyle: { color: c.down },
          areaStyle: { color: c.down, opacity: 0.3 },
          data: rows.map((r) => [at(r), -r.drawdown]),
        },
      ],
    };
  }, [rows, format, props.unit, c, f, end]);
  return <EChart option={option} label={props.label} height={props.height ?? 340} />;
}
