import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { METRICS_SESSIONS, type TradingAccount } from '@tradedesk/contracts';
import { sessionLabels } from './metric-values';
import {
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
  reviewed: '',
  discipline: '',
};

/**
 * The filters above the metrics (account, period, symbol, direction, session, strategy, journal review, rules
 * followed) and the display
 * switches (currency / % / R, net / gross).
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
  onChange: (patch: Partial<MetricsView>) => void;
}) {
  const { view, onChange } = props;
  const symbols = [...new Set([...(view.symbol ? [view.symbol] : []), ...props.symbols])].sort();
  const strategyName = (id: string) =>
    props.strategyNames ? (props.strategyNames[id] ?? 'A deleted strategy') : 'Strategy (loading)';
  const strategies = [...new Set([...(view.strategy ? [view.strategy] : []), ...props.strategies])].sort((a, b) =>
    strategyName(a).localeCompare(strategyName(b)),
  );
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
        onChange={(e) => onChange({ strategy: e.target.value })}
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
