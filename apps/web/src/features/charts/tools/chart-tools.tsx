import CameraAltOutlinedIcon from '@mui/icons-material/CameraAltOutlined';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ChartTemplate, ChartTimeframe } from '@tradedesk/contracts';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useState } from 'react';
import { isTypingTarget } from '../../shell/shortcuts';
import type { ChartColors, ChartEngine, ChartType } from '../components/chart-engine';
import type { ChartIndicatorState } from '../indicators/model';
import { snapshotFileName } from './snapshot-name';
import type { ChartTemplateState } from './use-chart-template';

const TemplateDialog = lazy(() => import('./chart-template-dialog'));
const SettingsDialog = lazy(() => import('./chart-settings-dialog'));
const SnapshotDialog = lazy(() => import('./snapshot-dialog'));
const ShareDialog = lazy(() => import('./share-dialog'));

export type ChartToolsProps = {
  engine: RefObject<ChartEngine | null>;
  look: ChartTemplateState;
  themeColors: ChartColors;
  chartType: ChartType;
  onApplyTemplate(template: ChartTemplate): void;
  symbol: string;
  timeframe: ChartTimeframe;
  /** The saved chart shown (the link's `chart`), or null. */
  chartId: string | null;
  indicators: readonly ChartIndicatorState[];
  /** The timeframe in words, for the snapshot's text alternative. */
  timeframeLabel: string;
};

type Open = 'templates' | 'settings' | 'snapshot' | 'share' | null;

/**
 * The chart's tools in the charts bar: chart templates, chart settings, the snapshot (also Alt+S) and sharing. Keeps the engine's appearance in step with the chart's
 * template (or the editor's draft); each dialog's code loads when first opened.
 */
export function ChartTools(props: ChartToolsProps) {
  const [open, setOpen] = useState<Open>(null);
  const [loaded, setLoaded] = useState<Set<Open>>(() => new Set());
  const { engine, look } = props;
  useEffect(() => {
    engine.current?.applyAppearance(look.appearance);
  }, [engine, look.appearance]);
  const show = (which: Open) => {
    setLoaded((s) => new Set(s).add(which));
    setOpen(which);
  };
  const close = () => setOpen(null);
  const capture = useCallback(async () => {
    const e = engine.current;
    if (!e) throw new Error('The chart is not shown yet.');
    const region = e.container.closest('section') ?? e.container;
    // Loaded with the first snapshot, not with the chart.
    const { canvasToPng, composeSnapshot, legendLines } = await import('./snapshot');
    return canvasToPng(composeSnapshot(e.screenshot(), e.container.clientWidth, legendLines(region)));
  }, [engine]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || e.code !== 'KeyS' || isTypingTarget(e.target)) return;
      if (e.target instanceof Element && e.target.closest('.MuiModal-root')) return;
      e.preventDefault();
      setLoaded((s) => new Set(s).add('snapshot'));
      setOpen('snapshot');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Box role="group" aria-label="Chart tools" sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
      <Tooltip title="Chart templates">
        <IconButton size="small" aria-label="Chart templates" onClick={() => show('templates')}>
          <PaletteOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Chart settings">
        <IconButton size="small" aria-label="Chart settings" onClick={() => show('settings')}>
          <SettingsOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Snapshot (Alt+S)">
        <IconButton size="small" aria-label="Snapshot" aria-keyshortcuts="Alt+S" onClick={() => show('snapshot')}>
          <CameraAltOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Share">
        <IconButton size="small" aria-label="Share" onClick={() => show('share')}>
          <ShareOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Suspense fallback={null}>
        {loaded.has('share') && (
          <ShareDialog
            open={open === 'share'}
            onClose={close}
            chartId={props.chartId}
            symbol={props.symbol}
            timeframe={props.timeframe}
            timeframeLabel={props.timeframeLabel}
            chartType={props.chartType}
            indicators={props.indicators}
          />
        )}
        {loaded.has('snapshot') && (
          <SnapshotDialog
            open={open === 'snapshot'}
            onClose={close}
            capture={capture}
            fileName={snapshotFileName(props.symbol, props.timeframe, new Date())}
            title={`${props.symbol}, ${props.timeframeLabel}`}
          />
        )}
        {loaded.has('settings') && (
          <SettingsDialog open={open === 'settings'} onClose={close} onAppearance={() => show('templates')} />
        )}
        {loaded.has('templates') && (
          <TemplateDialog
            open={open === 'templates'}
            onClose={close}
            look={look}
            themeColors={props.themeColors}
            chartType={props.chartType}
            onApply={props.onApplyTemplate}
          />
        )}
      </Suspense>
    </Box>
  );
}
