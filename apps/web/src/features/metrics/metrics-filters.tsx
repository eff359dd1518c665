import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { type Approach, METRICS_SESSIONS, type TradingAccount } from '@tradedesk/contracts';
import { checklistOf } from '../journal/strategy-options-api';
import { sessionLabels } from './metric-values';
import {
  type ChecklistSide,
  type DisplayUnit,
  type MetricsView,
  type PnlBasis,
  type RangePreset,
  rangeLabels,
  rangePresets,
} from './metrics-url';

/** Whether any filter narrows the trades (the display switches are no filter). */
export const filtered = (v: MetricsView) =>
  v.range !== 'all' ||
  v.symbol !== '' ||
  v.direction !== '' ||
  v.session !== '' ||
  v.strategy !== '' ||
  v.approach !== '' ||
  v.checklistItem !== '' ||
  v.reviewed !== '' ||
  v.discipline !== '';

export const clearedFilters: Partial<MetricsView> = {
  range: 'all',
  from: '',
  to: '',
  symbol: '',
  direction: '',
  session: '',
  strategy: '',
  approach: '',
  checklistItem: '',
  checklist: '',
  reviewed: '',
  discipline: '',
};

/** A checklist item to offer: its id and what the menu says (the approach's name first when several are listed). */
export type ChecklistOption = { id: string; label: string };

/**
 * The checklist items the filter offers: those of the chosen approach, else those of every approach of the chosen
 * strategy (each named with its approach), in the playbook's order.
 */
export function checklistOptions(approaches: readonly Approach[], approachId: string): ChecklistOption[] {
  const chosen = approachId ? approaches.filter((a) => a.id === approachId) : approaches;
  return chosen.flatMap((a) =>
    checklistOf(a).map((item) => ({ id: item.id, label: approachId ? item.text : `${a.name} › ${item.text}` })),
  );
}

/**
 * The filters above the metrics (account, period, symbol, direction, session, strategy with its approach and a
 * checklist item met or missed, journal review, rules followed) and the display switches (currency / % / R,
 * net / gross).
 */
export function MetricsFilters(props: {
  view: MetricsView;
  /** The account shown: an id or `all`. */
  account: string;
  accounts: TradingAccount[];
  /** Symbols and strategies to offer (those of the trades shown, plus the chosen one). */
  symbols: string[];
  strategies: string[];
  /** Strategy names by id; an id without a name (a strategy deleted since) shows as such. */
  strategyNames?: Readonly<Record<string, string>>;
  /** The chosen strategy's approaches (with their checklists); undefined while loading or without a strategy. */
  approaches?: readonly Approach[];
  /** The approaches could not be loaded. */
  approachesFailed?: boolean;
  onChange: (patch: Partial<MetricsView>) => void;
}) {
  const { view, onChange } = props;
  const symbols = [...new Set([...(view.symbol ? [view.symbol] : []), ...props.symbols])].sort();
  const strategyName = (id: string) =>
    props.strategyNames ? (props.strategyNames[id] ?? 'A deleted strategy') : 'Strategy (loading)';
  const strategies = [...new Set([...(view.strategy ? [view.strategy] : []), ...props.strategies])].sort((a, b) =>
    strategyName(a).localeCompare(strategyName(b)),
  );
  // The approaches and checklist items of the chosen strategy; a chosen id the list lacks (an address from before a
  // deletion, or still loading) keeps a menu entry saying so.
  const approaches = props.approaches ?? [];
  const approachMissing = view.approach !== '' && !approaches.some((a) => a.id === view.approach);
  const items = checklistOptions(approaches, view.approach);
  const itemMissing = view.checklistItem !== '' && !items.some((i) => i.id === view.checklistItem);
  const missingLabel = !view.strategy
    ? 'Chosen in the address'
    : props.approaches
      ? 'Not in this strategy now'
      : 'Loading';
  const playbookHint = !view.strategy
    ? 'Pick a strategy first.'
    : props.approachesFailed
      ? 'The strategy’s approaches could not be loaded.'
      : undefined;
  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Box
        component="legend"
        sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        Filter the metrics
      </Box>
      <TextField
        size="small"
        select
        label="Account"
        value={props.account}
        onChange={(e) => onChange({ account: e.target.value })}
        sx={{ minWidth: 200 }}
      >
        {props.accounts.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.name} ({a.currency})
          </MenuItem>
        ))}
        <MenuItem value="all">All accounts</MenuItem>
      </TextField>
      <TextField
        size="small"
        select
        label="Period"
        value={view.range}
        onChange={(e) => onChange({ range: e.target.value as RangePreset })}
        sx={{ minWidth: 140 }}
      >
        {rangePresets.map((r) => (
          <MenuItem key={r} value={r}>
            {rangeLabels[r]}
          </MenuItem>
        ))}
      </TextField>
      {view.range === 'custom' && (
        <>
          <TextField
            size="small"
            type="date"
            label="From"
            value={view.from}
            onChange={(e) => onChange({ from: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label="To"
            value={view.to}
            onChange={(e) => onChange({ to: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
            error={Boolean(view.from && view.to && view.to < view.from)}
            helperText={view.from && view.to && view.to < view.from ? 'To must not be before From.' : undefined}
          />
        </>
      )}
      <TextField
        size="small"
        select
        label="Symbol"
        value={view.symbol}
        onChange={(e) => onChange({ symbol: e.target.value })}
        sx={{ minWidth: 130 }}
      >
        <MenuItem value="">All symbols</MenuItem>
        {symbols.map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        select
        label="Direction"
        value={view.direction}
        onChange={(e) => onChange({ direction: e.target.value as MetricsView['direction'] })}
        sx={{ minWidth: 120 }}
      >
        <MenuItem value="">Long and short</MenuItem>
        <MenuItem value="long">Long</MenuItem>
        <MenuItem value="short">Short</MenuItem>
      </TextField>
      <TextField
        size="small"
        select
        label="Session"
        value={view.session}
        onChange={(e) => onChange({ session: e.target.value })}
        sx={{ minWidth: 150 }}
      >
        <MenuItem value="">All sessions</MenuItem>
        {METRICS_SESSIONS.map((s) => (
          <MenuItem key={s} value={s}>
            {sessionLabels[s]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        select
        label="Strategy"
        value={view.strategy}
        onChange={(e) => onChange({ strategy: e.target.value, approach: '', checklistItem: '', checklist: '' })}
        sx={{ minWidth: 150 }}
        disabled={strategies.length === 0}
        title={strategies.length === 0 ? 'None of these trades was tagged with a strategy.' : undefined}
      >
        <MenuItem value="">All strategies</MenuItem>
        {strategies.map((s) => (
          <MenuItem key={s} value={s}>
            {strategyName(s)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        select
        label="Approach"
        value={view.approach}
        onChange={(e) => onChange({ approach: e.target.value, checklistItem: '', checklist: '' })}
        sx={{ minWidth: 150 }}
        disabled={!view.strategy && !view.approach}
        title={playbookHint ?? 'Trades the journal links to this approach of the strategy.'}
      >
        <MenuItem value="">All approaches</MenuItem>
        {approachMissing && <MenuItem value={view.approach}>{missingLabel}</MenuItem>}
        {approaches.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        select
        label="Checklist item"
        value={view.checklistItem}
        onChange={(e) => onChange({ checklistItem: e.target.value, checklist: '' })}
        sx={{ minWidth: 170, maxWidth: 320 }}
        disabled={(!view.strategy || items.length === 0) && !view.checklistItem}
        title={
          playbookHint ??
          (items.length === 0 && props.approaches ? 'No checklist in this strategy.' : 'Trades reviewed against it.')
        }
      >
        <MenuItem value="">Any checklist item</MenuItem>
        {itemMissing && <MenuItem value={view.checklistItem}>{missingLabel}</MenuItem>}
        {items.map((i) => (
          <MenuItem key={i.id} value={i.id}>
            {i.label}
          </MenuItem>
        ))}
      </TextField>
      {view.checklistItem && (
        <TextField
          size="small"
          select
          label="Item was"
          value={view.checklist || 'followed'}
          onChange={(e) =>
            onChange({ checklist: e.target.value === 'followed' ? '' : (e.target.value as ChecklistSide) })
          }
          sx={{ minWidth: 120 }}
        >
          <MenuItem value="followed">Met</MenuItem>
          <MenuItem value="broke">Missed</MenuItem>
        </TextField>
      )}
      <TextField
        size="small"
        select
        label="Journal"
        value={view.reviewed}
        onChange={(e) => onChange({ reviewed: e.target.value as MetricsView['reviewed'] })}
        sx={{ minWidth: 150 }}
      >
        <MenuItem value="">Reviewed or not</MenuItem>
        <MenuItem value="true">Reviewed</MenuItem>
        <MenuItem value="false">Not reviewed</MenuItem>
      </TextField>
      <TextField
        size="small"
        select
        label="Rules"
        value={view.discipline}
        onChange={(e) => onChange({ discipline: e.target.value as MetricsView['discipline'] })}
        sx={{ minWidth: 150 }}
        title="Reviewed trades that met every checklist item of their approach with no mistake, or the others."
      >
        <MenuItem value="">Followed or broke</MenuItem>
        <MenuItem value="followed">Followed my rules</MenuItem>
        <MenuItem value="broke">Broke my rules</MenuItem>
      </TextField>
      {filtered(view) && <Button onClick={() => onChange(clearedFilters)}>Clear filters</Button>}
    </Box>
  );
}

/** The display switches: amounts in the account currency, % of the starting balance or R; net or gross. */
export function DisplaySwitches(props: {
  view: MetricsView;
  currency: string;
  onChange: (patch: Partial<MetricsView>) => void;
}) {
  const { view, onChange } = props;
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        flexWrap: 'wrap',
        // The theme's secondary text reaches 4.5:1 on the page in both themes; MUI's default grey does not.
        '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.secondary' },
      }}
    >
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view.unit}
        onChange={(_e, unit: DisplayUnit | null) => unit && onChange({ unit })}
        aria-label="Show amounts in"
      >
        <ToggleButton value="money" aria-label={`Currency (${props.currency})`}>
          {props.currency}
        </ToggleButton>
        <ToggleButton value="percent" aria-label="Percent of the starting balance">
          %
        </ToggleButton>
        <ToggleButton value="r" aria-label="R, multiples of the initial risk">
          R
        </ToggleButton>
      </ToggleButtonGroup>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view.basis}
        onChange={(_e, basis: PnlBasis | null) => basis && onChange({ basis })}
        aria-label="P/L basis"
      >
        <ToggleButton value="net" aria-label="Net, after commissions and swaps">
          Net
        </ToggleButton>
        <ToggleButton value="gross" aria-label="Gross, before commissions and swaps">
          Gross
        </ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}
