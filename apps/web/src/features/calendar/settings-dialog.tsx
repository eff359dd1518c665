import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CalendarImpactLevel, CalendarSettings } from '@tradedesk/contracts';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../shared/api/api-error';
import { InlineAlert } from '../../shared/states/inline-alert';
import { toast } from '../../shared/toast/toast';
import { useSaveCalendarSettingsMutation } from './calendar-api';
import { impactFilterLabels } from './calendar-url';
import {
  fieldOfServerPath,
  type SettingsErrors,
  type SettingsField,
  type SettingsForm,
  settingsBodyOf,
  settingsFormOf,
  settingsLabels,
  validateSettings,
} from './settings-model';

const levels: CalendarImpactLevel[] = ['All', 'low', 'medium', 'high'];
const AMOUNT_HELP = 'In the company’s currency; 10B = 10 billion (K, M, B, T).';
const EPS_HELP = 'Per share, in the company’s currency.';

/**
 * Calendar settings (spec section 3): economic events (show, impact level, default All), filters (exchanges,
 * industries), earnings (show, EPS and revenue min/max), IPOs (show, market cap min/max). Saved per user through
 * PUT /market/calendar/settings; a wrong value is named on its field, by this form or by the server.
 */
export function CalendarSettingsDialog(props: { settings: CalendarSettings; loading?: boolean; onClose: () => void }) {
  const [form, setForm] = useState<SettingsForm>(() => settingsFormOf(props.settings));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [save, saving] = useSaveCalendarSettingsMutation();

  const set = <K extends SettingsField>(field: K, value: SettingsForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => {
      if (!e[field]) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });
    setMessage(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSettings(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (Object.keys(found) as SettingsField[])[0];
      if (first) document.getElementById(`calendar-settings-${first}`)?.focus();
      return;
    }
    try {
      await save(settingsBodyOf(form)).unwrap();
      toast.success('Calendar settings saved.');
      props.onClose();
    } catch (error) {
      if (!isApiError(error)) {
        setMessage('The settings could not be saved. Please try again.');
        return;
      }
      const byField: SettingsErrors = {};
      for (const [path, text] of Object.entries(fieldErrorsOf(error))) {
        const field = fieldOfServerPath(path);
        if (field) byField[field] ??= text;
      }
      setErrors(byField);
      if (Object.keys(byField).length === 0) setMessage(error.message || 'The settings could not be saved.');
    }
  };

  const amount = (field: SettingsField, placeholder: string, helper: string) => (
    <TextField
      id={`calendar-settings-${field}`}
      label={settingsLabels[field]}
      value={form[field] as string}
      onChange={(e) => set(field, e.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? helper}
      placeholder={placeholder}
      size="small"
      slotProps={{ htmlInput: { inputMode: 'text' } }}
    />
  );
  const show = (field: 'economicShow' | 'earningsShow' | 'iposShow') => (
    <FormControlLabel
      control={<Switch checked={form[field]} onChange={(e) => set(field, e.target.checked)} />}
      label={settingsLabels[field]}
    />
  );
  const section = (title: string) => (
    <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
      {title}
    </Typography>
  );

  return (
    <Dialog open onClose={props.onClose} aria-labelledby="calendar-settings-title" fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="calendar-settings-title">Calendar settings</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1 }}>
          {message && <InlineAlert severity="error">{message}</InlineAlert>}
          {section('Economic events')}
          {show('economicShow')}
          <TextField
            select
            id="calendar-settings-impactLevel"
            label={settingsLabels.impactLevel}
            value={form.impactLevel}
            onChange={(e) => set('impactLevel', e.target.value as CalendarImpactLevel)}
            error={Boolean(errors.impactLevel)}
            helperText={errors.impactLevel ?? 'The impact filter the economic calendar opens with.'}
            size="small"
          >
            {levels.map((l) => (
              <MenuItem key={l} value={l}>
                {impactFilterLabels[l]}
              </MenuItem>
            ))}
          </TextField>
          {section('Filters (earnings and IPOs)')}
          <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, gap: 1.5 }}>
            {(['exchanges', 'industries'] as const).map((field) => (
              <TextField
                key={field}
                id={`calendar-settings-${field}`}
                label={settingsLabels[field]}
                value={form[field]}
                onChange={(e) => set(field, e.target.value)}
                error={Boolean(errors[field])}
                helperText={errors[field] ?? 'Names separated by commas; empty for all.'}
                size="small"
              />
            ))}
          </Box>
          {section('Earnings')}
          {show('earningsShow')}
          <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 1.5 }}>
            {amount('epsMin', 'No minimum', EPS_HELP)}
            {amount('epsMax', 'No maximum', EPS_HELP)}
            {amount('revenueMin', 'No minimum', AMOUNT_HELP)}
            {amount('revenueMax', 'No maximum', AMOUNT_HELP)}
          </Box>
          {section('IPOs')}
          {show('iposShow')}
          <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 1.5 }}>
            {amount('marketCapMin', 'No minimum', AMOUNT_HELP)}
            {amount('marketCapMax', 'No maximum', AMOUNT_HELP)}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving.isLoading || props.loading}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
