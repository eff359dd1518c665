import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { StrategyGraph } from '@tradedesk/contracts';
import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { type BlockerFunction, Link as RouterLink, useParams } from 'react-router';
import { useBlocker } from '../../app/navigation-blocker';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { toast } from '../../shared/toast/toast';
import { AccountFormatPreferences } from '../account/account-format-preferences';
import { useIndicatorListQuery } from '../charts/indicators/indicator-api';
import { historyOf, historyReducer } from './model/graph-history';
import { graphKey, startingGraph } from './model/graph-model';
import { graphProblems } from './model/graph-problems';
import { useEditorStrategyQuery, useSaveStrategyGraphMutation } from './strategy-editor-api';

// Fetched with the page's module (both show at once), rendered lazily: @xyflow/react stays in the canvas's chunk.
const editorLoading = import('./canvas/graph-editor');
const panelLoading = import('./backtest/backtest-panel');
editorLoading.catch(() => {}); // a failure shows when the part renders
panelLoading.catch(() => {});
const GraphEditor = lazy(() => editorLoading);
const BacktestPanel = lazy(() => panelLoading);

const errorMessage = (error: unknown) => (error as { message?: string } | undefined)?.message;

/** Focus is in a field: its own undo and keys come first. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Unsaved graph edits: in-app navigation asks first, closing or reloading the tab gets the browser's prompt. */
function LeaveGuard(props: { dirty: boolean }) {
  const { dirty } = props;
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return (
    <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} aria-labelledby="graph-leave-title">
      <DialogTitle id="graph-leave-title">Leave without saving?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The strategy graph has changes that are not saved. If you leave now, they are discarded.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} variant="contained" autoFocus>
          Stay on this page
        </Button>
        <Button onClick={() => blocker.proceed?.()} color="error">
          Leave without saving
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Editor(props: { strategyId: string; name: string; graph: StrategyGraph | null }) {
  const { strategyId } = props;
  const [history, dispatch] = useReducer(historyReducer, props.graph, (g) => historyOf(startingGraph(g)));
  const graph = history.present;
  const [savedKey, setSavedKey] = useState(() => graphKey(startingGraph(props.graph)));
  const viewport = useRef(startingGraph(props.graph).viewport);
  const [save, saving] = useSaveStrategyGraphMutation();
  const [focus, setFocus] = useState<{ nodeId: string; seq: number } | null>(null);
  const [notice, setNotice] = useState('');
  const indicators = useIndicatorListQuery({});
  const catalogue = indicators.data?.indicators;
  const problems = useMemo(() => graphProblems(graph, catalogue), [graph, catalogue]);
  const dirty = graphKey(graph) !== savedKey;

  const onCommit = useCallback((g: StrategyGraph, key?: string) => dispatch({ type: 'commit', graph: g, key }), []);
  const onTransient = useCallback(
    (g: StrategyGraph, begin: boolean) => dispatch({ type: 'transient', graph: g, begin }),
    [],
  );

  const doSave = useCallback(async () => {
    const toSave: StrategyGraph = { ...graph, ...(viewport.current ? { viewport: viewport.current } : {}) };
    try {
      await save({ id: strategyId, graph: toSave }).unwrap();
      setSavedKey(graphKey(toSave));
      toast.success('The strategy graph is saved.');
    } catch (error) {
      toast.error(errorMessage(error) ?? 'The strategy graph could not be saved.', {
        title: 'Not saved',
      });
    }
  }, [graph, save, strategyId]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const key = e.key.toLowerCase();
      if (key === 's') {
        e.preventDefault();
        if (!saving.isLoading) void doSave();
        return;
      }
      if (typing(e.target) || document.querySelector('[role="dialog"]')) return;
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        dispatch({ type: 'undo' });
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        dispatch({ type: 'redo' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [doSave, saving.isLoading]);

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(''), 4000);
    return () => clearTimeout(t);
  }, [notice]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%', bgcolor: 'background.default' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
          flexWrap: 'wrap',
        }}
      >
        <Link component={RouterLink} to="/strategies" variant="body2">
          Strategies
        </Link>
        <Typography variant="h6" component="h1" sx={{ mr: 1 }}>
          {props.name} · node editor
        </Typography>
        <Chip
          size="small"
          label={dirty ? 'Unsaved changes' : 'Saved'}
          color={dirty ? 'warning' : 'default'}
          variant={dirty ? 'filled' : 'outlined'}
          data-testid="dirty-indicator"
        />
        <Chip
          size="small"
          label={problems.length ? `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}` : 'Valid'}
          color={problems.length ? 'error' : 'success'}
          variant="outlined"
        />
        <Box sx={{ flexGrow: 1 }} role="status" aria-live="polite">
          <Typography variant="body2" color="warning.main">
            {notice}
          </Typography>
        </Box>
        <Tooltip title="Undo (Ctrl+Z)">
          <span>
            <IconButton
              aria-label="Undo"
              disabled={history.past.length === 0}
              onClick={() => dispatch({ type: 'undo' })}
            >
              <UndoIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Redo (Ctrl+Shift+Z)">
          <span>
            <IconButton
              aria-label="Redo"
              disabled={history.future.length === 0}
              onClick={() => dispatch({ type: 'redo' })}
            >
              <RedoIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Button variant="contained" onClick={() => void doSave()} disabled={saving.isLoading}>
          {saving.isLoading ? 'Saving…' : 'Save (Ctrl+S)'}
        </Button>
      </Box>
      <Box sx={{ height: { xs: 560, lg: '62vh' }, minHeight: 420, borderBottom: 1, borderColor: 'divider' }}>
        <Suspense fallback={<LoadingState label="Loading the node editor" />}>
          <GraphEditor
            graph={graph}
            problems={problems}
            onCommit={onCommit}
            onTransient={onTransient}
            onViewport={(v) => {
              viewport.current = v;
            }}
            indicators={indicators.data?.indicators}
            indicatorsFailed={indicators.isError}
            focus={focus}
            onNotice={setNotice}
          />
        </Suspense>
      </Box>
      <Box component="section" aria-label="Backtest" sx={{ p: 2 }}>
        <Suspense fallback={<LoadingState label="Loading the backtest panel" />}>
          <BacktestPanel
            strategyId={strategyId}
            problems={problems.length}
            dirty={dirty}
            onSave={doSave}
            onShowProblem={() => {
              const first = problems.find((p) => p.nodeId);
              if (first?.nodeId) setFocus((f) => ({ nodeId: first.nodeId as string, seq: (f?.seq ?? 0) + 1 }));
            }}
          />
        </Suspense>
      </Box>
      <LeaveGuard dirty={dirty} />
    </Box>
  );
}

/** The strategy node editor (spec section 2): the strategy's rule graph, validated live, saved with it, backtested. */
export function StrategyEditorScreen() {
  const { id = '' } = useParams();
  const strategy = useEditorStrategyQuery(id, { skip: !id, refetchOnMountOrArgChange: true });
  if (strategy.isLoading || (strategy.isFetching && !strategy.data))
    return <LoadingState label="Loading the strategy" />;
  if (strategy.isError || !strategy.data) {
    const status = (strategy.error as { status?: number } | undefined)?.status;
    return (
      <ErrorState
        title={status === 404 ? 'This strategy does not exist or is not yours.' : 'The strategy could not be loaded.'}
        message={status === 404 ? undefined : errorMessage(strategy.error)}
        onRetry={status === 404 ? undefined : () => strategy.refetch()}
        retrying={strategy.isFetching}
      />
    );
  }
  return (
    <Editor
      key={strategy.data.id}
      strategyId={strategy.data.id}
      name={strategy.data.name}
      graph={strategy.data.graph}
    />
  );
}

/** The /strategies/:id/editor route (React Router lazy convention). */
export function Component() {
  return (
    <AccountFormatPreferences>
      <StrategyEditorScreen />
    </AccountFormatPreferences>
  );
}
