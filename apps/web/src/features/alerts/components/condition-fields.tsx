import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { useIndicatorListQuery } from '../../charts/indicators/indicator-api';
import { SymbolSearchDialog } from '../../symbol-search/lazy-symbol-search-dialog';
import { useTradingAccountsQuery } from '../../trading';
import { useWatchlistsQuery } from '../../watchlists/watchlists-api';
import {
  ACCOUNT_METRIC_LABELS,
  ACCOUNT_METRICS,
  type AccountMetric,
  ALERT_INTERVALS,
  type AlertFormValues,
  CALENDAR_IMPACTS,
  type CalendarImpact,
  DRAWING_OPERATORS,
  type DrawingOperator,
  INDICATOR_OPERATORS,
  type IndicatorOperator,
  isChannel,
  isMoving,
  PRICE_OPERATOR_LABELS,
  PRICE_OPERATORS,
  type PriceOperator,
  WATCHLIST_OPERATORS,
  type WatchlistOperator,
} from '../alert-form-model';

export type FieldsProps = {
  values: AlertFormValues;
  errors: Partial<Record<string, string>>;
  set(patch: Partial<AlertFormValues>): void;
};

/** A text field bound to one value, with its error (the form's or the server's) under it. */
function Field(
  props: FieldsProps & {
    name: keyof AlertFormValues;
    label: string;
    help?: string;
    numeric?: boolean;
    autoFocus?: boolean;
  },
) {
  const { name, values, errors, set } = props;
  const error = errors[name];
  return (
    <TextField
      label={props.label}
      value={values[name] as string}
      onChange={(e) => set({ [name]: e.target.value } as Partial<AlertFormValues>)}
      error={Boolean(error)}
      helperText={error ?? props.help}
      autoFocus={props.autoFocus}
      fullWidth
      slotProps={props.numeric ? { htmlInput: { inputMode: 'decimal' } } : undefined}
    />
  );
}

function Select<T extends string>(props: {
  label: string;
  value: T;
  options: readonly T[];
  labels?: Partial<Record<T, string>>;
  onChange(value: T): void;
  error?: string;
}) {
  return (
    <TextField
      select
      fullWidth
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as T)}
      error={Boolean(props.error)}
      helperText={props.error}
    >
      {props.options.map((o) => (
        <MenuItem key={o} value={o}>
          {props.labels?.[o] ?? o}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The symbol, picked from the symbol search (typing a ticker works too). */
export function SymbolField(props: FieldsProps) {
  const [searching, setSearching] = useState(false);
  const error = props.errors.symbol;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label="Symbol"
        value={props.values.symbol}
        onChange={(e) => props.set({ symbol: e.target.value.toUpperCase() })}
        error={Boolean(error)}
        helperText={error}
        fullWidth
      />
      <Button variant="outlined" onClick={() => setSearching(true)} sx={{ flexShrink: 0, mt: 1 }}>
        Search
      </Button>
      <SymbolSearchDialog
        open={searching}
        title="Alert on symbol"
        onClose={() => setSearching(false)}
        onPick={(picked) => {
          setSearching(false);
          props.set({ symbol: picked.ticker });
        }}
      />
    </Stack>
  );
}

export function PriceFields(props: FieldsProps) {
  const op = props.values.priceOperator;
  return (
    <Stack spacing={2}>
      <SymbolField {...props} />
      <Select<PriceOperator>
        label="Condition"
        value={op}
        options={PRICE_OPERATORS}
        labels={PRICE_OPERATOR_LABELS}
        onChange={(priceOperator) => props.set({ priceOperator })}
        error={props.errors.priceOperator}
      />
      {isMoving(op) ? (
        <Stack direction="row" spacing={1}>
          <Field {...props} name="percent" label="By (%)" numeric />
          <Field {...props} name="minutes" label="Within (minutes)" numeric />
        </Stack>
      ) : isChannel(op) ? (
        <Stack direction="row" spacing={1}>
          <Field {...props} name="lower" label="Lower bound" numeric />
          <Field {...props} name="upper" label="Upper bound" numeric />
        </Stack>
      ) : (
        <Field {...props} name="value" label="Price" numeric />
      )}
    </Stack>
  );
}

export function IndicatorFields(props: FieldsProps) {
  const { values, set } = props;
  const catalogue = useIndicatorListQuery({});
  const list = (catalogue.data?.indicators ?? []).filter((d) => d.kind === 'series');
  const definition = list.find((d) => d.id === values.indicator);
  const plots = definition?.outputs ?? [];
  return (
    <Stack spacing={2}>
      <SymbolField {...props} />
      <TextField
        select
        fullWidth
        label="Indicator"
        value={definition ? values.indicator : ''}
        onChange={(e) => {
          const next = list.find((d) => d.id === e.target.value);
          set({
            indicator: e.target.value,
            indicatorInputs: Object.fromEntries((next?.inputs ?? []).map((i) => [i.id, String(i.default)])),
            plot: next?.outputs[0]?.id ?? '',
            otherPlot: next?.outputs[1]?.id ?? '',
          });
        }}
        error={Boolean(props.errors.indicator)}
        helperText={props.errors.indicator ?? (catalogue.isLoading ? 'Loading the indicator catalogue…' : undefined)}
      >
        {list.map((d) => (
          <MenuItem key={d.id} value={d.id}>
            {d.name}
          </MenuItem>
        ))}
      </TextField>
      {definition && definition.inputs.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 2 }} aria-label="Indicator inputs">
          {definition.inputs.map((input) =>
            input.options ? (
              <TextField
                key={input.id}
                select
                label={input.title}
                value={values.indicatorInputs[input.id] ?? String(input.default)}
                onChange={(e) => set({ indicatorInputs: { ...values.indicatorInputs, [input.id]: e.target.value } })}
                sx={{ minWidth: 120 }}
              >
                {input.options.map((o) => (
                  <MenuItem key={o} value={o}>
                    {o}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField
                key={input.id}
                label={input.title}
                value={values.indicatorInputs[input.id] ?? String(input.default)}
                onChange={(e) => set({ indicatorInputs: { ...values.indicatorInputs, [input.id]: e.target.value } })}
                error={Boolean(props.errors[`inputs.${input.id}`])}
                helperText={props.errors[`inputs.${input.id}`]}
                sx={{ width: 120 }}
              />
            ),
          )}
        </Stack>
      )}
      <Stack direction="row" spacing={1}>
        <Select<string>
          label="Plot"
          value={plots.some((p) => p.id === values.plot) ? values.plot : ''}
          options={plots.map((p) => p.id)}
          labels={Object.fromEntries(plots.map((p) => [p.id, p.title]))}
          onChange={(plot) => set({ plot })}
          error={props.errors.plot}
        />
        <Select<string>
          label="Interval"
          value={values.interval}
          options={ALERT_INTERVALS}
          onChange={(interval) => set({ interval })}
          error={props.errors.interval}
        />
      </Stack>
      <Select<IndicatorOperator>
        label="Condition"
        value={values.indicatorOperator}
        options={INDICATOR_OPERATORS}
        labels={PRICE_OPERATOR_LABELS}
        onChange={(indicatorOperator) => set({ indicatorOperator })}
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        aria-label="Compare with"
        value={values.compareTo}
        onChange={(_e, v: 'value' | 'plot' | null) => v && set({ compareTo: v })}
      >
        <ToggleButton value="value">A value</ToggleButton>
        <ToggleButton value="plot" disabled={plots.length < 2}>
          Another plot
        </ToggleButton>
      </ToggleButtonGroup>
      {values.compareTo === 'value' ? (
        <Field {...props} name="indicatorValue" label="Value" numeric />
      ) : (
        <Select<string>
          label="Other plot"
          value={plots.some((p) => p.id === values.otherPlot) ? values.otherPlot : ''}
          options={plots.map((p) => p.id)}
          labels={Object.fromEntries(plots.map((p) => [p.id, p.title]))}
          onChange={(otherPlot) => set({ otherPlot })}
          error={props.errors.otherPlot}
        />
      )}
    </Stack>
  );
}

export function DrawingFields(props: FieldsProps) {
  const { values, set } = props;
  if (!values.drawingId) {
    return (
      <InlineAlert severity="info">
        A drawing alert is set from the chart: right-click a trend line or a horizontal line and choose “Add alert on
        this drawing”.
      </InlineAlert>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        {values.drawingLabel || 'Drawing'} on {values.symbol}
      </Typography>
      {props.errors.drawingId && (
        <Typography variant="body2" color="error">
          {props.errors.drawingId}
        </Typography>
      )}
      <Select<DrawingOperator>
        label="Condition"
        value={values.drawingOperator}
        options={DRAWING_OPERATORS}
        labels={PRICE_OPERATOR_LABELS}
        onChange={(drawingOperator) => set({ drawingOperator })}
      />
    </Stack>
  );
}

export function WatchlistFields(props: FieldsProps) {
  const { values, set } = props;
  const lists = useWatchlistsQuery();
  const options = lists.data ?? [];
  return (
    <Stack spacing={2}>
      <TextField
        select
        fullWidth
        label="Watchlist"
        value={options.some((l) => l.id === values.watchlistId) ? values.watchlistId : ''}
        onChange={(e) => set({ watchlistId: e.target.value })}
        error={Boolean(props.errors.watchlistId)}
        helperText={props.errors.watchlistId ?? 'Fires for any symbol of the list.'}
      >
        {options.map((l) => (
          <MenuItem key={l.id} value={l.id}>
            {l.name} ({l.symbols.length})
          </MenuItem>
        ))}
      </TextField>
      <Select<WatchlistOperator>
        label="Condition"
        value={values.watchlistOperator}
        options={WATCHLIST_OPERATORS}
        labels={PRICE_OPERATOR_LABELS}
        onChange={(watchlistOperator) => set({ watchlistOperator })}
      />
      <Stack direction="row" spacing={1}>
        <Field {...props} name="watchlistPercent" label="By (%)" numeric />
        <Field {...props} name="watchlistMinutes" label="Within (minutes)" numeric />
      </Stack>
    </Stack>
  );
}

export function CalendarFields(props: FieldsProps) {
  const { values, set } = props;
  return (
    <Stack spacing={2}>
      <Field {...props} name="minutesBefore" label="Minutes before the event" numeric />
      <Select<CalendarImpact>
        label="Impact"
        value={values.impact}
        options={CALENDAR_IMPACTS}
        labels={{ low: 'Low and above', medium: 'Medium and above', high: 'High' }}
        onChange={(impact) => set({ impact })}
        error={props.errors.impact}
      />
      <Field
        {...props}
        name="currencies"
        label="Currencies"
        help="Comma separated, e.g. USD, EUR; empty for every currency."
      />
    </Stack>
  );
}

export function AccountFields(props: FieldsProps) {
  const { values, set } = props;
  const accounts = useTradingAccountsQuery(undefined);
  const options = accounts.data ?? [];
  return (
    <Stack spacing={2}>
      <TextField
        select
        fullWidth
        label="Trading account"
        value={options.some((a) => a.id === values.accountId) ? values.accountId : ''}
        onChange={(e) => set({ accountId: e.target.value })}
        error={Boolean(props.errors.accountId)}
        helperText={props.errors.accountId}
      >
        {options.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.name}
          </MenuItem>
        ))}
      </TextField>
      <Select<AccountMetric>
        label="Metric"
        value={values.metric}
        options={ACCOUNT_METRICS}
        labels={ACCOUNT_METRIC_LABELS}
        onChange={(metric) => set({ metric })}
      />
      <Field
        {...props}
        name="threshold"
        label={values.metric === 'equity_below' ? 'Equity (account currency)' : 'Threshold (%)'}
        numeric
      />
    </Stack>
  );
}
