import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Alert } from '@tradedesk/contracts';
import { type FormEvent, useId, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../../shared/api/api-error';
import { ErrorState } from '../../../shared/states/error-state';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import { useDirtyGuard } from '../../strategies/dirty-guard';
import { checkValues, createBody, formFieldOf, updateBody, valuesFromAlert } from '../alert-body';
import type { AlertPrefill } from '../alert-dialog-store';
import { fieldMessage } from '../alert-field-messages';
import {
  ALERT_INTERVALS,
  ALERT_TRIGGER_LABELS,
  ALERT_TRIGGERS,
  ALERT_TYPE_LABELS,
  ALERT_TYPES,
  type AlertFormValues,
  type AlertTrigger,
  type AlertType,
  isDirtyAlert,
  MESSAGE_PLACEHOLDERS,
  prefilledValues,
  previewMessage,
} from '../alert-form-model';
import { useAlertQuery, useCreateAlertMutation, useUpdateAlertMutation } from '../alerts-api';
import { useAlertDefaults } from '../hooks/use-alert-defaults';
import {
  AccountFields,
  CalendarFields,
  DrawingFields,
  type FieldsProps,
  IndicatorFields,
  PriceFields,
  WatchlistFields,
} from './condition-fields';

export type AlertDialogProps = {
  /** Editing this alert; null creates one. */
  alertId: string | null;
  prefill: AlertPrefill | null;
  onClose(): void;
};

/**
 * The create / edit alert dialog (spec section 2): loads what it starts from (the user's defaults, or the saved
 * alert), then shows the form. Mounted by the shell's alerts host.
 */
export default function AlertDialog(props: AlertDialogProps) {
  const defaults = useAlertDefaults();
  const saved = useAlertQuery(props.alertId ?? '', { skip: props.alertId === null });
  const titleId = useId();
  if (props.alertId !== null && !saved.data) {
    return (
      <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>Edit alert</DialogTitle>
        <DialogContent>
          {saved.isError ? (
            <ErrorState title="The alert could not be loaded." onRetry={saved.refetch} />
          ) : (
            <LoadingState label="Loading the alert" />
          )}
        </DialogContent>
      </Dialog>
    );
  }
  if (defaults.loading) return null;
  const initial = saved.data
    ? valuesFromAlert(saved.data, Date.now())
    : prefilledValues(defaults.defaults, props.prefill, Date.now());
  return <AlertForm initial={initial} alert={saved.data ?? null} onClose={props.onClose} />;
}

/** The form itself: every type's fields, trigger, expiry, message, delivery. Enter saves; Escape asks first. */
export function AlertForm(props: { initial: AlertFormValues; alert: Alert | null; onClose(): void }) {
  const titleId = useId();
  const [values, setValues] = useState(props.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [createAlert, creating] = useCreateAlertMutation();
  const [updateAlert, updating] = useUpdateAlertMutation();
  const busy = creating.isLoading || updating.isLoading;
  const guard = useDirtyGuard(isDirtyAlert(props.initial, values), props.onClose);
  const editing = props.alert !== null;

  const set = (patch: Partial<AlertFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key];
      if ('indicatorInputs' in patch)
        for (const key of Object.keys(next)) if (key.startsWith('inputs.')) delete next[key];
      return next;
    });
    setFormError(null);
  };
  const fieldProps: FieldsProps = { values, errors, set };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkValues(values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    try {
      if (props.alert) await updateAlert({ id: props.alert.id, body: updateBody(values) }).unwrap();
      else await createAlert(createBody(values)).unwrap();
      toast.success(editing ? 'Alert saved.' : 'Alert created.');
      props.onClose();
    } catch (failure) {
      if (!isApiError(failure)) {
        setFormError('The alert could not be saved; try again.');
        return;
      }
      const byPath = fieldErrorsOf(failure);
      const placed: Record<string, string> = {};
      const rest: string[] = [];
      for (const [path, message] of Object.entries(byPath)) {
        const field = formFieldOf(path, values);
        if (field) placed[field] ??= fieldMessage(field, message, values);
        else rest.push(fieldMessage(null, message, values));
      }
      if (Object.keys(placed).length === 0 && rest.length === 0) {
        // A refusal of the whole alert that names a field by its code (a symbol, drawing or indicator unknown).
        const byCode: Record<string, string> = {
          ALERT_INVALID_SYMBOL: 'symbol',
          ALERT_INVALID_INDICATOR: 'indicator',
          ALERT_INVALID_DRAWING: 'drawingId',
        };
        const field = byCode[failure.code];
        if (field) placed[field] = fieldMessage(field, failure.message, values);
        else rest.push(fieldMessage(null, failure.message, values) || 'The alert could not be saved; try again.');
      }
      setErrors(placed);
      setFormError(rest.length > 0 ? rest.join(' ') : null);
    }
  };

  const sample = {
    ticker: values.symbol || 'EURUSD',
    close: values.value || '1.08500',
    interval: values.interval,
    time: new Date().toISOString().slice(0, 16).replace('T', ' '),
  };
  const showInterval = values.type !== 'indicator' && values.trigger === 'once_per_bar_close';

  return (
    <>
      <Dialog
        open
        onClose={guard.requestClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
        slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
      >
        <DialogTitle id={titleId}>{editing ? 'Edit alert' : 'Create alert'}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {formError && <InlineAlert severity="error">{formError}</InlineAlert>}
            <TextField
              select
              label="Alert type"
              value={values.type}
              disabled={editing}
              onChange={(e) => set({ type: e.target.value as AlertType })}
              helperText={editing ? 'The type of a saved alert cannot change.' : undefined}
            >
              {ALERT_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {ALERT_TYPE_LABELS[t]}
                </MenuItem>
              ))}
            </TextField>
            {values.type === 'price' && <PriceFields {...fieldProps} />}
            {values.type === 'indicator' && <IndicatorFields {...fieldProps} />}
            {values.type === 'drawing' && <DrawingFields {...fieldProps} />}
            {values.type === 'watchlist' && <WatchlistFields {...fieldProps} />}
            {values.type === 'calendar' && <CalendarFields {...fieldProps} />}
            {values.type === 'account' && <AccountFields {...fieldProps} />}
            <Divider />
            <TextField
              label="Name"
              value={values.name}
              onChange={(e) => set({ name: e.target.value })}
              error={Boolean(errors.name)}
              helperText={errors.name ?? 'Left empty, the condition in words.'}
              slotProps={{ htmlInput: { maxLength: 140 } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <TextField
                select
                fullWidth
                label="Trigger"
                value={values.trigger}
                onChange={(e) => set({ trigger: e.target.value as AlertTrigger })}
                error={Boolean(errors.trigger)}
                helperText={errors.trigger}
              >
                {ALERT_TRIGGERS.map((t) => (
                  <MenuItem key={t} value={t}>
                    {ALERT_TRIGGER_LABELS[t]}
                  </MenuItem>
                ))}
              </TextField>
              {showInterval && (
                <TextField
                  select
                  fullWidth
                  label="Bar interval"
                  value={values.interval}
                  onChange={(e) => set({ interval: e.target.value })}
                >
                  {ALERT_INTERVALS.map((i) => (
                    <MenuItem key={i} value={i}>
                      {i}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                fullWidth
                type="datetime-local"
                label="Expires"
                value={values.expiresAt}
                onChange={(e) => set({ expiresAt: e.target.value })}
                error={Boolean(errors.expiresAt)}
                helperText={
                  errors.expiresAt ?? (values.expiresAt ? 'In your time zone.' : 'Open-ended: never expires.')
                }
                slotProps={{ inputLabel: { shrink: true } }}
              />
              {values.expiresAt && (
                <Button onClick={() => set({ expiresAt: '' })} sx={{ mt: 1, flexShrink: 0 }}>
                  Open-ended
                </Button>
              )}
            </Stack>
            <TextField
              label="Message"
              value={values.message}
              onChange={(e) => set({ message: e.target.value })}
              multiline
              minRows={2}
              error={Boolean(errors.message)}
              helperText={
                errors.message ??
                `Placeholders: ${MESSAGE_PLACEHOLDERS.map((p) => `${p.token} ${p.meaning}`).join(', ')}. Empty: the condition in words.`
              }
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                  e.preventDefault();
                  (e.currentTarget.closest('form') as HTMLFormElement | null)?.requestSubmit();
                }
              }}
            />
            {values.message.trim() !== '' && (
              <Box aria-label="Message preview" role="note" sx={{ p: 1, bgcolor: 'action.hover', borderRadius: 1 }}>
                <Typography variant="caption" color="text.secondary">
                  Preview (sample values)
                </Typography>
                <Typography variant="body2">{previewMessage(values.message, sample)}</Typography>
              </Box>
            )}
            <Box>
              <FormLabel component="legend">Delivery</FormLabel>
              <FormGroup row>
                <FormControlLabel control={<Switch checked disabled />} label="App" />
                <FormControlLabel
                  control={<Switch checked={values.toast} onChange={(e) => set({ toast: e.target.checked })} />}
                  label="Toast"
                />
                <FormControlLabel
                  control={<Switch checked={values.sound} onChange={(e) => set({ sound: e.target.checked })} />}
                  label="Sound"
                />
                <FormControlLabel
                  control={<Switch checked={values.email} onChange={(e) => set({ email: e.target.checked })} />}
                  label="E-mail"
                />
                <FormControlLabel
                  control={<Switch checked={values.webhook} onChange={(e) => set({ webhook: e.target.checked })} />}
                  label="Webhook"
                />
              </FormGroup>
              {values.webhook && (
                <TextField
                  fullWidth
                  label="Webhook URL"
                  value={values.webhookUrl}
                  onChange={(e) => set({ webhookUrl: e.target.value })}
                  error={Boolean(errors.webhookUrl)}
                  helperText={
                    errors.webhookUrl ??
                    'A JSON POST signed with HMAC-SHA256 (header X-TradeDesk-Signature); the secret shows with the alert’s log.'
                  }
                  sx={{ mt: 1 }}
                />
              )}
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={guard.requestClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={busy}>
            {editing ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </Dialog>
      {guard.discardPrompt}
    </>
  );
}
