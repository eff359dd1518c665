import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CALENDAR_IMPACTS,
  COMPARE_OPERATORS,
  type GraphProblem,
  type IndicatorDefinitionWire,
  PRICE_FIELDS,
  STRATEGY_NODE_TYPES,
  type StrategyNode,
  type StrategyNodeOf,
  type StrategyNodeType,
} from '@tradedesk/contracts';
import { useEffect, useId, useState } from 'react';
import { nodeTypeLabels } from '../model/graph-model';

type Exit = StrategyNodeOf<'buy_action'>['data']['stopLoss'];
type Size = StrategyNodeOf<'buy_action'>['data']['size'];

/** Settings of the selected node; `onData` commits an edit (`key` groups keystrokes in one field into one undo). */
export type NodeSettingsProps = {
  node: StrategyNode;
  /** The node's name as a person sees it ("Buy (2)", "RSI indicator"): the heading names it so, not by its id. */
  name?: string;
  problems: readonly GraphProblem[];
  indicators: readonly IndicatorDefinitionWire[] | undefined;
  indicatorsFailed: boolean;
  onData: (data: StrategyNode['data'], key: string) => void;
  onType: (type: StrategyNodeType) => void;
  onLabel: (label: string) => void;
  onDelete: () => void;
};

/** A number field that keeps what is typed and commits only numbers; says what is wrong otherwise. */
function NumberField(props: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  integer?: boolean;
}) {
  const [text, setText] = useState(String(props.value));
  useEffect(() => {
    setText((t) => (Number(t) === props.value && t.trim() !== '' ? t : String(props.value)));
  }, [props.value]);
  const n = Number(text);
  let error = '';
  if (text.trim() === '' || !Number.isFinite(n)) error = `${props.label} must be a number.`;
  else if (props.integer && !Number.isInteger(n)) error = `${props.label} must be a whole number.`;
  else if (props.min !== undefined && n < props.min) error = `${props.label} must be at least ${props.min}.`;
  else if (props.max !== undefined && n > props.max) error = `${props.label} must be at most ${props.max}.`;
  return (
    <TextField
      label={props.label}
      size="small"
      value={text}
      inputMode="decimal"
      error={Boolean(error)}
      helperText={error || undefined}
      onChange={(e) => {
        setText(e.target.value);
        const v = Number(e.target.value);
        if (e.target.value.trim() !== '' && Number.isFinite(v)) props.onChange(v);
      }}
      slotProps={{ htmlInput: { step: props.step ?? 'any' } }}
    />
  );
}

function SelectField<T extends string>(props: {
  label: string;
  value: T;
  options: readonly T[];
  labels?: Partial<Record<T, string>>;
  onChange: (value: T) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as T)}
    >
      {props.options.map((o) => (
        <MenuItem key={o} value={o}>
          {props.labels?.[o] ?? o}
        </MenuItem>
      ))}
    </TextField>
  );
}

const exitLabels = { none: 'None', pips: 'Pips', atr: 'ATR', price: 'Price' } as const;

function ExitFields(props: { label: string; value: Exit; onChange: (exit: Exit) => void }) {
  const { value } = props;
  const setMode = (mode: Exit['mode']) => {
    if (mode === value.mode) return;
    if (mode === 'none') props.onChange({ mode });
    if (mode === 'pips') props.onChange({ mode, pips: 20 });
    if (mode === 'atr') props.onChange({ mode, period: 14, multiplier: 2 });
    if (mode === 'price') props.onChange({ mode, price: 1 });
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <SelectField
        label={props.label}
        value={value.mode}
        options={['none', 'pips', 'atr', 'price']}
        labels={exitLabels}
        onChange={setMode}
      />
      {value.mode === 'pips' && (
        <NumberField
          label={`${props.label} distance (pips)`}
          value={value.pips}
          min={0}
          onChange={(pips) => props.onChange({ ...value, pips })}
        />
      )}
      {value.mode === 'atr' && (
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr' }}>
          <NumberField
            label="ATR period"
            value={value.period}
            integer
            min={1}
            max={500}
            onChange={(period) => props.onChange({ ...value, period })}
          />
          <NumberField
            label="Multiplier"
            value={value.multiplier}
            min={0}
            onChange={(multiplier) => props.onChange({ ...value, multiplier })}
          />
        </Box>
      )}
      {value.mode === 'price' && (
        <NumberField
          label={`${props.label} price`}
          value={value.price}
          min={0}
          onChange={(price) => props.onChange({ ...value, price })}
        />
      )}
    </Box>
  );
}

function SizeFields(props: { value: Size; onChange: (size: Size) => void }) {
  const { value } = props;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <SelectField
        label="Size by"
        value={value.mode}
        options={['lots', 'risk']}
        labels={{ lots: 'Lots', risk: 'Risk % of balance' }}
        onChange={(mode) => {
          if (mode === value.mode) return;
          props.onChange(mode === 'lots' ? { mode, lots: 1 } : { mode, percent: 1 });
        }}
      />
      {value.mode === 'lots' ? (
        <NumberField
          label="Lots"
          value={value.lots}
          min={0}
          onChange={(lots) => props.onChange({ mode: 'lots', lots })}
        />
      ) : (
        <NumberField
          label="Risk %"
          value={value.percent}
          min={0}
          max={100}
          onChange={(percent) => props.onChange({ mode: 'risk', percent })}
        />
      )}
    </Box>
  );
}

const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const timeZones = ['UTC', 'Europe/London', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney'];

function IndicatorFields(props: NodeSettingsProps & { node: StrategyNodeOf<'indicator'> }) {
  const { node, indicators } = props;
  const data = node.data;
  const series = (indicators ?? []).filter((d) => d.kind === 'series');
  const picked = series.find((d) => d.id === data.indicatorId);
  const pick = (id: string) => {
    const def = series.find((d) => d.id === id);
    if (!def) return;
    props.onData(
      {
        indicatorId: def.id,
        inputs: Object.fromEntries(def.inputs.map((i) => [i.id, i.default])),
        output: def.outputs[0]?.id ?? '',
      },
      `${node.id}.indicator`,
    );
  };
  if (props.indicatorsFailed) {
    return (
      <Typography color="error">The indicator catalogue could not be loaded: reload the page to pick one.</Typography>
    );
  }
  return (
    <>
      <TextField
        select
        size="small"
        label="Indicator"
        value={picked ? picked.id : ''}
        onChange={(e) => pick(e.target.value)}
        disabled={!indicators}
        helperText={indicators ? undefined : 'Loading the indicator catalogue…'}
      >
        {series.map((d) => (
          <MenuItem key={d.id} value={d.id}>
            {d.shortName} — {d.name}
          </MenuItem>
        ))}
      </TextField>
      {picked?.inputs.map((input) => {
        const value = data.inputs[input.id] ?? input.default;
        const set = (v: number | string | boolean) =>
          props.onData({ ...data, inputs: { ...data.inputs, [input.id]: v } }, `${node.id}.input.${input.id}`);
        if (input.type === 'bool') {
          return (
            <FormControlLabel
              key={input.id}
              control={<Checkbox checked={Boolean(value)} onChange={(e) => set(e.target.checked)} />}
              label={input.title}
            />
          );
        }
        if (input.type === 'source' || input.type === 'select') {
          return (
            <SelectField
              key={input.id}
              label={input.title}
              value={String(value)}
              options={input.options ?? [String(value)]}
              onChange={set}
            />
          );
        }
        return (
          <NumberField
            key={input.id}
            label={input.title}
            value={typeof value === 'number' ? value : Number(value)}
            integer={input.type === 'int'}
            min={input.min}
            max={input.max}
            onChange={set}
          />
        );
      })}
      {picked && (
        <SelectField
          label="Output"
          value={data.output}
          options={picked.outputs.map((o) => o.id)}
          labels={Object.fromEntries(picked.outputs.map((o) => [o.id, o.title]))}
          onChange={(output) => props.onData({ ...data, output }, `${node.id}.output`)}
        />
      )}
    </>
  );
}

function TypeFields(props: NodeSettingsProps) {
  const { node } = props;
  const key = (field: string) => `${node.id}.${field}`;
  switch (node.type) {
    case 'price':
      return (
        <SelectField
          label="Price field"
          value={node.data.field}
          options={PRICE_FIELDS}
          onChange={(field) => props.onData({ field }, key('field'))}
        />
      );
    case 'indicator':
      return <IndicatorFields {...props} node={node} />;
    case 'constant':
      return (
        <NumberField
          label="Value"
          value={node.data.value}
          onChange={(value) => props.onData({ value }, key('value'))}
        />
      );
    case 'time': {
      const d = node.data;
      return (
        <>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr' }}>
            <TextField
              size="small"
              type="time"
              label="From"
              value={d.from}
              onChange={(e) => props.onData({ ...d, from: e.target.value }, key('from'))}
            />
            <TextField
              size="small"
              type="time"
              label="To"
              value={d.to}
              onChange={(e) => props.onData({ ...d, to: e.target.value }, key('to'))}
            />
          </Box>
          <SelectField
            label="Time zone"
            value={d.timeZone}
            options={timeZones.includes(d.timeZone) ? timeZones : [...timeZones, d.timeZone]}
            onChange={(timeZone) => props.onData({ ...d, timeZone }, key('timeZone'))}
          />
          <FormLabel component="legend" sx={{ fontSize: 12 }}>
            Days
          </FormLabel>
          <FormGroup row>
            {weekdayNames.map((name, i) => (
              <FormControlLabel
                key={name}
                label={name.slice(0, 3)}
                control={
                  <Checkbox
                    size="small"
                    checked={d.days.includes(i + 1)}
                    slotProps={{ input: { 'aria-label': name } }}
                    onChange={(e) =>
                      props.onData(
                        {
                          ...d,
                          days: e.target.checked ? [...d.days, i + 1].sort() : d.days.filter((x) => x !== i + 1),
                        },
                        key('days'),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        </>
      );
    }
    case 'calendar_event': {
      const d = node.data;
      return (
        <>
          <SelectField
            label="Impact at least"
            value={d.impact}
            options={CALENDAR_IMPACTS}
            onChange={(impact) => props.onData({ ...d, impact }, key('impact'))}
          />
          <TextField
            size="small"
            label="Currencies"
            helperText="Three-letter codes separated by commas; empty for any."
            value={d.currencies.join(', ')}
            onChange={(e) =>
              props.onData(
                {
                  ...d,
                  currencies: e.target.value
                    .split(/[,\s]+/)
                    .map((c) => c.trim().toUpperCase())
                    .filter(Boolean),
                },
                key('currencies'),
              )
            }
          />
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr' }}>
            <NumberField
              label="Minutes before"
              value={d.minutesBefore}
              integer
              min={0}
              max={1440}
              onChange={(minutesBefore) => props.onData({ ...d, minutesBefore }, key('before'))}
            />
            <NumberField
              label="Minutes after"
              value={d.minutesAfter}
              integer
              min={0}
              max={1440}
              onChange={(minutesAfter) => props.onData({ ...d, minutesAfter }, key('after'))}
            />
          </Box>
        </>
      );
    }
    case 'compare':
      return (
        <SelectField
          label="Operator"
          value={node.data.operator}
          options={COMPARE_OPERATORS}
          onChange={(operator) => props.onData({ operator }, key('operator'))}
        />
      );
    case 'cross':
      return (
        <SelectField
          label="Direction"
          value={node.data.direction}
          options={['above', 'below']}
          labels={{ above: 'a crosses above b', below: 'a crosses below b' }}
          onChange={(direction) => props.onData({ direction }, key('direction'))}
        />
      );
    case 'trend': {
      const d = node.data;
      return (
        <>
          <SelectField
            label="Direction"
            value={d.direction}
            options={['rising', 'falling']}
            onChange={(direction) => props.onData({ ...d, direction }, key('direction'))}
          />
          <NumberField
            label="Bars"
            value={d.bars}
            integer
            min={1}
            max={500}
            onChange={(bars) => props.onData({ ...d, bars }, key('bars'))}
          />
        </>
      );
    }
    case 'buy_action':
    case 'sell_action': {
      const d = node.data;
      return (
        <>
          <SizeFields value={d.size} onChange={(size) => props.onData({ ...d, size }, key('size'))} />
          <ExitFields
            label="Stop loss"
            value={d.stopLoss}
            onChange={(stopLoss) => props.onData({ ...d, stopLoss }, key('sl'))}
          />
          <ExitFields
            label="Take profit"
            value={d.takeProfit}
            onChange={(takeProfit) => props.onData({ ...d, takeProfit }, key('tp'))}
          />
        </>
      );
    }
    case 'close_action':
      return (
        <SelectField
          label="Close"
          value={node.data.side}
          options={['all', 'long', 'short']}
          labels={{ all: 'All positions', long: 'Long positions', short: 'Short positions' }}
          onChange={(side) => props.onData({ side }, key('side'))}
        />
      );
    default:
      return <Typography color="text.secondary">This node has no settings.</Typography>;
  }
}

/** The selected node's settings: its type, label, the settings of its type, what is wrong with it, delete. */
export function NodeSettings(props: NodeSettingsProps) {
  const { node } = props;
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id={headingId} variant="subtitle2">
        Node settings · {props.name ?? nodeTypeLabels[node.type]}
      </Typography>
      <SelectField
        label="Node type"
        value={node.type}
        options={STRATEGY_NODE_TYPES}
        labels={nodeTypeLabels}
        onChange={(type) => props.onType(type)}
      />
      <TextField
        size="small"
        label="Label"
        value={node.label ?? ''}
        slotProps={{ htmlInput: { maxLength: 80 } }}
        onChange={(e) => props.onLabel(e.target.value)}
      />
      <TypeFields {...props} />
      {props.problems.length > 0 && (
        <Box component="ul" aria-label="Problems of this node" sx={{ color: 'error.main', fontSize: 13, m: 0, pl: 2 }}>
          {props.problems.map((p) => (
            <li key={`${p.code}-${p.port ?? ''}-${p.message}`}>{p.message}</li>
          ))}
        </Box>
      )}
      <Button color="error" variant="outlined" onClick={props.onDelete}>
        Delete node
      </Button>
    </Box>
  );
}
