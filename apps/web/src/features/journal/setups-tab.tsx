import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  chartTimeframes,
  MANUAL_SETUP_STATUS_EVENT,
  MANUAL_SETUPS_MAX,
  type ManualSetup,
  type ManualSetupStatus,
  type ManualSetupsBody,
} from '@tradedesk/contracts';
import { findInstrument } from '@tradedesk/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { type ApiError, isApiError } from '../../shared/api/api-error';
import { useFormatters } from '../../shared/format/format-preferences';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { InlineAlert } from '../../shared/states/inline-alert';
import { LoadingState } from '../../shared/states/loading-state';
import { getWsClient } from '../../shared/ws/ws-client';
import {
  emptySetupForm,
  type SetupForm,
  type SetupFormErrors,
  setupFormBody,
  setupFormOf,
  validateSetup,
} from './setup-form';
import { setupBody, useManualSetupsQuery, useSaveManualSetupsMutation } from './setups-api';
import { useJournalStrategyOptionsQuery } from './strategy-options-api';

type Group = ManualSetupStatus | 'untracked';
const groups: Array<{ id: Group; title: string; hint: string }> = [
  { id: 'watching', title: 'Watching', hint: 'Waiting for the price to reach the entry zone.' },
  { id: 'triggered', title: 'Triggered', hint: 'The price entered the zone: the setup is live.' },
  { id: 'invalidated', title: 'Invalidated', hint: 'The stop was reached before the entry.' },
  { id: 'target_hit', title: 'Target hit', hint: 'Triggered, then reached its target.' },
  { id: 'stopped', title: 'Stopped', hint: 'Triggered, then reached its stop.' },
  { id: 'untracked', title: 'Not tracked', hint: 'Charts without a direction and entry.' },
];

type Change = { kind: 'save'; id: string; body: ManualSetupsBody['state'][number] } | { kind: 'delete'; id: string };

function apply(list: ManualSetup[], change: Change): ManualSetupsBody['state'] {
  const bodies = list.map(setupBody);
  if (change.kind === 'delete') return bodies.filter((b) => b.id !== change.id);
  const at = bodies.findIndex((b) => b.id === change.id);
  if (at === -1) return [...bodies, change.body];
  return bodies.map((b, i) => (i === at ? change.body : b));
}

/**
 * The setup_view tab: the manual setups of the user-data store (`activeCharts/manualSetups`), grouped by the
 * status the server's tracker gives them on the simulated market's quotes; create, edit and delete a setup. A
 * status change arrives on the user channel and the list is read again.
 */
export function SetupsTab() {
  const f = useFormatters();
  // Prices with the instrument's digits (5 for a symbol the catalogue does not know), as the other screens show them.
  const priceOf = (symbol: string, value: number) =>
    f.price(value, findInstrument(symbol.slice(symbol.indexOf(':') + 1))?.digits ?? 5);
  const query = useManualSetupsQuery();
  const [save, saving] = useSaveManualSetupsMutation();
  const strategies = useJournalStrategyOptionsQuery();
  const strategyNames = useMemo(() => new Map((strategies.data ?? []).map((s) => [s.id, s.name])), [strategies.data]);
  const [editing, setEditing] = useState<{ setup: ManualSetup | null } | null>(null);
  const [deleting, setDeleting] = useState<ManualSetup | null>(null);
  const [error, setError] = useState('');
  const { refetch } = query;

  useEffect(
    () =>
      getWsClient().subscribe('user', (event) => {
        if (event.event === MANUAL_SETUP_STATUS_EVENT) void refetch();
        if (event.event === 'charting.saved') {
          const saved = event.data as { resource?: string } | undefined;
          if (saved?.resource === 'manualSetups') void refetch();
        }
      }),
    [refetch],
  );

  /** Saves one change; when another tab saved first (409), applies it to the fresh list once more. */
  const commit = async (change: Change): Promise<string | null> => {
    const current = query.data ?? { state: [], version: 0 };
    const first = await save({ version: current.version, state: apply(current.state, change) });
    if (!('error' in first)) return null;
    let failure = first.error as ApiError | undefined;
    if (failure?.status === 409) {
      const fresh = await refetch();
      if (fresh.data) {
        const second = await save({ version: fresh.data.version, state: apply(fresh.data.state, change) });
        if (!('error' in second)) return null;
        failure = second.error as ApiError | undefined;
      }
    }
    return isApiError(failure) && failure.message ? failure.message : 'The setups could not be saved. Try again.';
  };

  if (query.isLoading) return <LoadingState label="Loading your setups" />;
  if (query.isError || !query.data)
    return (
      <ErrorState
        title="Your setups could not be loaded."
        message={isApiError(query.error) ? query.error.message : undefined}
        onRetry={() => refetch()}
        retrying={query.isFetching}
      />
    );
  const setups = query.data.state;
  const full = setups.length >= MANUAL_SETUPS_MAX;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', flexGrow: 1 }}>
          Setups are tracked on the simulated market’s live quotes (Simulated): watching until the price reaches the
          entry zone, invalidated if it reaches the stop first.
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setEditing({ setup: null })}
          disabled={full}
          title={full ? `At most ${MANUAL_SETUPS_MAX} setups.` : undefined}
        >
          New setup
        </Button>
      </Box>
      {error && (
        <InlineAlert severity="error" sx={{ my: 0 }}>
          {error}
        </InlineAlert>
      )}
      {setups.length === 0 ? (
        <EmptyState
          title="No setups yet."
          description="Mark a trade idea (symbol, direction, entry zone, stop, target) and it is watched for you."
          action={
            <Button variant="contained" onClick={() => setEditing({ setup: null })}>
              Create a setup
            </Button>
          }
        />
      ) : (
        groups.map((g) => {
          const inGroup = setups.filter((s) => (s.status ?? 'untracked') === g.id);
          if (inGroup.length === 0) return null;
          return (
            <Box key={g.id} component="section" aria-label={`${g.title} setups`} sx={{ display: 'grid', gap: 1 }}>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {g.title}{' '}
                <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400, fontSize: 13 }}>
                  {inGroup.length} · {g.hint}
                </Box>
              </Typography>
              <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1 }}>
                {inGroup.map((s) => (
                  <Paper
                    component="li"
                    variant="outlined"
                    key={s.id}
                    aria-label={`${s.symbol} ${s.direction ?? ''} setup`.replace('  ', ' ')}
                    sx={{ listStyle: 'none', p: 1.5, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
                  >
                    <Box sx={{ minWidth: 120 }}>
                      <Typography sx={{ fontWeight: 600 }}>{s.symbol}</Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {s.name || s.timeframe}
                        {s.name ? ` · ${s.timeframe}` : ''}
                      </Typography>
                    </Box>
                    {s.direction && (
                      <Chip
                        size="small"
                        label={s.direction === 'long' ? 'Long' : 'Short'}
                        color={s.direction === 'long' ? 'success' : 'error'}
                        variant="outlined"
                      />
                    )}
                    <Box component="dl" sx={{ display: 'flex', gap: 2, m: 0, fontSize: 13, flexWrap: 'wrap' }}>
                      {[
                        [
                          'Entry',
                          s.entryFrom === null
                            ? '—'
                            : s.entryTo !== null && s.entryTo !== s.entryFrom
                              ? `${priceOf(s.symbol, s.entryFrom)} – ${priceOf(s.symbol, s.entryTo)}`
                              : priceOf(s.symbol, s.entryFrom),
                        ],
                        ['Stop', s.stopLoss === null ? '—' : priceOf(s.symbol, s.stopLoss)],
                        ['Target', s.takeProfit === null ? '—' : priceOf(s.symbol, s.takeProfit)],
                        ['Strategy', s.strategyId ? (strategyNames.get(s.strategyId) ?? '—') : '—'],
                      ].map(([k, v]) => (
                        <Box key={k}>
                          <Box component="dt" sx={{ color: 'text.secondary', fontSize: 11 }}>
                            {k}
                          </Box>
                          <Box component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
                            {v}
                          </Box>
                        </Box>
                      ))}
                    </Box>
                    <Typography variant="caption" sx={{ color: 'text.secondary', flexGrow: 1 }}>
                      {s.status && s.statusAt
                        ? `${g.title} ${f.dateTime(s.statusAt)}${s.statusPrice !== null ? ` at ${s.statusPrice} (Simulated)` : ''}`
                        : ''}
                    </Typography>
                    <Button size="small" onClick={() => setEditing({ setup: s })} aria-label={`Edit ${s.symbol} setup`}>
                      Edit
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setDeleting(s)}
                      aria-label={`Delete ${s.symbol} setup`}
                    >
                      Delete
                    </Button>
                  </Paper>
                ))}
              </Box>
            </Box>
          );
        })
      )}
      {editing && (
        <SetupDialog
          setup={editing.setup}
          strategies={(strategies.data ?? []).map((s) => ({ id: s.id, name: s.name }))}
          saving={saving.isLoading}
          onClose={() => setEditing(null)}
          onSave={async (form) => {
            const id = editing.setup?.id ?? crypto.randomUUID();
            const failure = await commit({
              kind: 'save',
              id,
              body: setupFormBody(form, id, editing.setup ?? undefined),
            });
            if (!failure) setEditing(null);
            return failure;
          }}
        />
      )}
      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(null)} aria-labelledby="delete-setup-title">
        <DialogTitle id="delete-setup-title">Delete the {deleting?.symbol} setup?</DialogTitle>
        <DialogContent>
          <DialogContentText>It stops being tracked and leaves the list.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Keep it</Button>
          <Button
            color="error"
            variant="contained"
            onClick={async () => {
              const target = deleting;
              setDeleting(null);
              if (!target) return;
              setError((await commit({ kind: 'delete', id: target.id })) ?? '');
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function SetupDialog(props: {
  setup: ManualSetup | null;
  strategies: Array<{ id: string; name: string }>;
  saving: boolean;
  onClose: () => void;
  onSave: (form: SetupForm) => Promise<string | null>;
}) {
  const [form, setForm] = useState<SetupForm>(() => (props.setup ? setupFormOf(props.setup) : emptySetupForm));
  const [errors, setErrors] = useState<SetupFormErrors>({});
  const [serverError, setServerError] = useState('');
  const titleId = useId();
  const set = (patch: Partial<SetupForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors({});
    setServerError('');
  };
  const field = (key: keyof SetupForm, label: string, extra: object = {}) => (
    <TextField
      size="small"
      label={label}
      value={form[key]}
      onChange={(e) => set({ [key]: e.target.value } as Partial<SetupForm>)}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      {...extra}
    />
  );
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box
        component="form"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          const found = validateSetup(form);
          setErrors(found);
          if (Object.keys(found).length) return;
          setServerError((await props.onSave(form)) ?? '');
        }}
      >
        <DialogTitle id={titleId}>{props.setup ? `Edit the ${props.setup.symbol} setup` : 'New setup'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', pt: '8px !important' }}>
          {field('symbol', 'Symbol', {
            autoFocus: true,
            slotProps: { htmlInput: { style: { textTransform: 'uppercase' }, maxLength: 20 } },
          })}
          <TextField
            select
            size="small"
            label="Timeframe"
            value={form.timeframe}
            onChange={(e) => set({ timeframe: e.target.value as SetupForm['timeframe'] })}
          >
            {chartTimeframes.map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={form.direction}
            onChange={(_e, direction: SetupForm['direction'] | null) => direction && set({ direction })}
            aria-label="Direction"
            sx={{ gridColumn: '1 / -1' }}
          >
            <ToggleButton value="long">Long</ToggleButton>
            <ToggleButton value="short">Short</ToggleButton>
          </ToggleButtonGroup>
          {field('entryFrom', 'Entry from', { inputMode: 'decimal' })}
          {field('entryTo', 'Entry to (optional)', { inputMode: 'decimal' })}
          {field('stopLoss', 'Stop', { inputMode: 'decimal' })}
          {field('takeProfit', 'Target', { inputMode: 'decimal' })}
          <TextField
            select
            size="small"
            label="Strategy"
            value={props.strategies.some((s) => s.id === form.strategyId) ? form.strategyId : ''}
            onChange={(e) => set({ strategyId: e.target.value })}
          >
            <MenuItem value="">
              <em>No strategy</em>
            </MenuItem>
            {props.strategies.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          {field('name', 'Name (optional)', { slotProps: { htmlInput: { maxLength: 60 } } })}
          {serverError && (
            <InlineAlert severity="error" sx={{ my: 0, gridColumn: '1 / -1' }}>
              {serverError}
            </InlineAlert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={props.saving}>
            {props.saving ? 'Saving…' : 'Save setup'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
