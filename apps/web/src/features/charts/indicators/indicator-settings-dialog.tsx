import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { IndicatorDefinitionWire } from '@tradedesk/contracts';
import { useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../../shared/api/api-error';
import { apiErrorMessage } from './errors';
import { type CalculationArgs, useLazyIndicatorCalculationQuery } from './indicator-api';
import type { ChartIndicatorState } from './model';

type Scalar = number | string | boolean;

export type IndicatorSettingsDialogProps = {
  indicator: ChartIndicatorState;
  definition: IndicatorDefinitionWire | undefined;
  bars: Omit<CalculationArgs, 'name' | 'settings' | 'styles'> | null;
  onClose(): void;
  onSave(next: ChartIndicatorState): void;
};

/**
 * An indicator's inputs (the catalogue's, with defaults and bounds) and plot colours. Saving asks the server to
 * calculate with them first, so a value it refuses shows its message on the field.
 */
export function IndicatorSettingsDialog(props: IndicatorSettingsDialogProps) {
  const { indicator, definition } = props;
  const [values, setValues] = useState<Record<string, string | boolean>>(() =>
    Object.fromEntries(
      (definition?.inputs ?? []).map((input) => {
        const v = indicator.settings[input.id] ?? input.default;
        return [input.id, typeof v === 'boolean' ? v : String(v)];
      }),
    ),
  );
  const [colors, setColors] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      (definition?.outputs ?? []).map((o) => [o.id, String(indicator.styles[o.id]?.color ?? o.style.color)]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [check, checking] = useLazyIndicatorCalculationQuery();
  const title = definition ? `${definition.name} settings` : 'Indicator settings';

  const save = async () => {
    if (!definition) return;
    const settings: Record<string, Scalar> = {};
    for (const input of definition.inputs) {
      const v = values[input.id];
      if (v === undefined) continue;
      const typed: Scalar =
        input.type === 'int' || input.type === 'float' ? (v === '' ? Number.NaN : Number(v)) : (v as Scalar);
      if (typeof typed === 'number' && !Number.isFinite(typed)) {
        setErrors({ [input.id]: `${input.title} must be a number.` });
        return;
      }
      if (typed !== input.default) settings[input.id] = typed;
    }
    const styles: Record<string, Record<string, Scalar>> = {};
    for (const o of definition.outputs) {
      const c = colors[o.id];
      if (c && c.toLowerCase() !== o.style.color.toLowerCase()) styles[o.id] = { ...indicator.styles[o.id], color: c };
    }
    setErrors({});
    setFormError(null);
    if (props.bars) {
      const answer = await check({ ...props.bars, name: indicator.name, settings, styles });
      if (answer.error) {
        const byField: Record<string, string> = {};
        if (isApiError(answer.error)) {
          for (const [field, message] of Object.entries(fieldErrorsOf(answer.error))) {
            const id = field.replace(/^indicator_(settings|styles)\./, '').split('.')[0]!;
            byField[id] = message;
          }
        }
        setErrors(byField);
        if (Object.keys(byField).length === 0)
          setFormError(apiErrorMessage(answer.error, 'The settings could not be checked.'));
        return;
      }
    }
    props.onSave({ ...indicator, settings, styles });
  };

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby="indicator-settings-title">
      <DialogTitle id="indicator-settings-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5, pt: '8px !important' }}>
        {!definition && <Alert severity="info">The indicator catalogue is loading.</Alert>}
        {formError && <Alert severity="error">{formError}</Alert>}
        {definition?.inputs.map((input) => {
          const error = errors[input.id];
          if (input.type === 'bool') {
            return (
              <FormControlLabel
                key={input.id}
                label={input.title}
                control={
                  <Checkbox
                    checked={values[input.id] === true}
                    onChange={(e) => setValues((v) => ({ ...v, [input.id]: e.target.checked }))}
                  />
                }
              />
            );
          }
          const options = input.options;
          return (
            <TextField
              key={input.id}
              size="small"
              label={input.title}
              select={options !== undefined}
              type={options ? undefined : input.type === 'int' || input.type === 'float' ? 'number' : 'text'}
              value={values[input.id] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [input.id]: e.target.value }))}
              error={error !== undefined}
              helperText={
                error ??
                (input.min !== undefined && input.max !== undefined ? `From ${input.min} to ${input.max}` : undefined)
              }
              slotProps={{
                htmlInput: { min: input.min, max: input.max, step: input.step ?? (input.type === 'int' ? 1 : 'any') },
              }}
            >
              {options?.map((o) => (
                <MenuItem key={o} value={o}>
                  {o}
                </MenuItem>
              ))}
            </TextField>
          );
        })}
        {definition && definition.outputs.length > 0 && (
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            Colours
          </Typography>
        )}
        {definition?.outputs.map((o) => (
          <TextField
            key={o.id}
            size="small"
            type="color"
            label={o.title}
            value={toHex(colors[o.id] ?? o.style.color)}
            onChange={(e) => setColors((c) => ({ ...c, [o.id]: e.target.value }))}
            error={errors[o.id] !== undefined}
            helperText={errors[o.id]}
          />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} disabled={!definition || checking.isFetching}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A colour input takes #rrggbb only; other colours (rgba) start from black-free grey. */
function toHex(color: string): string {
  return /^#[0-9a-f]{6}$/i.test(color) ? color : /^#[0-9a-f]{8}$/i.test(color) ? color.slice(0, 7) : '#888888';
}
export default IndicatorSettingsDialog;
