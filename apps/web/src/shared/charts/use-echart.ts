import { type EChartsCoreOption, init } from 'echarts/core';
import { type RefObject, useEffect, useRef } from 'react';

/**
 * An ECharts chart (SVG renderer) in the returned box, drawn from `option` and redrawn when it changes, resized with
 * its box and disposed on unmount. The caller registers the chart types and components it uses (`use([...])`).
 */
export function useEChart(option: EChartsCoreOption): RefObject<HTMLDivElement | null> {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = init(el, undefined, { renderer: 'svg' });
    chart.setOption(option, true);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option]);
  return box;
}
