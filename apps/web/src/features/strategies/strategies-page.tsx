import AddIcon from '@mui/icons-material/Add';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AccountFormatPreferences } from '../account/account-format-preferences';
import { useCreateStrategyMutation } from './strategies-api';
import { StrategyDetail } from './strategy-detail';
import { StrategyDialog } from './strategy-dialog';
import { StrategyList } from './strategy-list';

export type StrategiesTab = 'overview' | 'case_studies' | 'ai_assistant';

/**
 * The strategies screen (spec section 2 "Strategies"): the user's strategies, paged, and the open one's tabs
 * overview, case_studies and ai_assistant (a chat about the strategy). Its state is in the address:
 * /strategies/:id?tab&page&fullscreen.
 */
export function StrategiesScreen() {
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const asked = params.get('tab');
  const tab: StrategiesTab = asked === 'case_studies' || asked === 'ai_assistant' ? asked : 'overview';
  const fullscreen = params.get('fullscreen') === '1';
  const [creating, setCreating] = useState(false);
  const [createStrategy] = useCreateStrategyMutation();

  const setParam = useCallback(
    (key: string, value: string | null) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (value === null) next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const keep = (extra: Record<string, string> = {}) => {
    const next = new URLSearchParams();
    if (page > 1) next.set('page', String(page));
    if (fullscreen) next.set('fullscreen', '1');
    for (const [k, v] of Object.entries(extra)) next.set(k, v);
    const q = next.toString();
    return q ? `?${q}` : '';
  };

  // Esc leaves the page's fullscreen, as it does the browser's (not while a dialog or a field has it).
  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('[role="dialog"]')) return;
      setParam('fullscreen', null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [fullscreen, setParam]);

  return (
    <Box
      sx={{
        p: { xs: 1.5, md: 3 },
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        bgcolor: 'background.default',
        ...(fullscreen
          ? { position: 'fixed', inset: 0, zIndex: (t) => t.zIndex.drawer + 2, overflow: 'auto' }
          : { minHeight: '100%' }),
      }}
      data-fullscreen={fullscreen || undefined}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Strategies
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          New strategy
        </Button>
        <Tooltip title={fullscreen ? 'Leave fullscreen (Esc)' : 'Fullscreen'}>
          <IconButton
            aria-label="Fullscreen"
            aria-pressed={fullscreen}
            onClick={() => setParam('fullscreen', fullscreen ? null : '1')}
          >
            {fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
          </IconButton>
        </Tooltip>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(240px, 300px) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <StrategyList
          page={page}
          selectedId={id ?? null}
          onPage={(p) => setParam('page', p > 1 ? String(p) : null)}
          onOpen={(sid) => navigate(`/strategies/${sid}${keep(tab === 'overview' ? {} : { tab })}`)}
          onCreate={() => setCreating(true)}
        />
        {id ? (
          <StrategyDetail
            key={id}
            id={id}
            tab={tab}
            onTab={(t) => setParam('tab', t === 'overview' ? null : t)}
            onDeleted={() => navigate(`/strategies${keep()}`)}
          />
        ) : (
          <Box
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 4,
              textAlign: 'center',
              color: 'text.secondary',
            }}
          >
            <Typography>Open a strategy from the list, or create one, to write its playbook.</Typography>
          </Box>
        )}
      </Box>
      {creating && (
        <StrategyDialog
          title="New strategy"
          submitLabel="Create"
          onClose={() => setCreating(false)}
          onSubmit={async (values) => {
            try {
              const created = await createStrategy(values).unwrap();
              navigate(`/strategies/${created.id}${keep()}`);
            } catch (failure) {
              // Spec section 8: a failed strategy creation is logged; the dialog shows why.
              console.error('The strategy could not be created.', failure);
              throw failure;
            }
          }}
        />
      )}
    </Box>
  );
}

/** The /strategies and /strategies/:id routes (React Router lazy convention), with the user's formats. */
export function Component() {
  return (
    <AccountFormatPreferences>
      <StrategiesScreen />
    </AccountFormatPreferences>
  );
}
