import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LoadingState } from '../../../shared/states/loading-state';
import { ALERT_TRIGGER_LABELS, ALERT_TRIGGERS, type AlertTrigger } from '../alert-form-model';
import { useAlertDefaults } from '../hooks/use-alert-defaults';

const EXPIRY_CHOICES: { value: string; label: string }[] = [
  { value: 'none', label: 'Open-ended' },
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
];

/** The panel's Settings tab: what a new alert starts with. Each change is saved at once, per user. */
export function AlertSettings() {
  const { defaults, loading, saveDefaults } = useAlertDefaults();
  if (loading) return <LoadingState label="Loading alert settings" />;
  const expiry = defaults.expiryDays === null ? 'none' : String(defaults.expiryDays);
  return (
    <Stack spacing={2.5} sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        New alerts start with these settings; each alert can change them. Saved to your account.
      </Typography>
      <FormControl component="fieldset">
        <FormLabel component="legend">Delivery</FormLabel>
        <FormGroup>
          <FormControlLabel control={<Switch checked disabled />} label="In the app (notification in the bell)" />
          <FormControlLabel
            control={
              <Switch checked={defaults.toast} onChange={(e) => void saveDefaults({ toast: e.target.checked })} />
            }
            label="Toast"
          />
          <FormControlLabel
            control={
              <Switch checked={defaults.sound} onChange={(e) => void saveDefaults({ sound: e.target.checked })} />
            }
            label="Sound"
          />
          <FormControlLabel
            control={
              <Switch checked={defaults.email} onChange={(e) => void saveDefaults({ email: e.target.checked })} />
            }
            label="E-mail"
          />
        </FormGroup>
      </FormControl>
      <TextField
        select
        label="Default trigger"
        value={defaults.trigger}
        onChange={(e) => void saveDefaults({ trigger: e.target.value as AlertTrigger })}
      >
        {ALERT_TRIGGERS.map((t) => (
          <MenuItem key={t} value={t}>
            {ALERT_TRIGGER_LABELS[t]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Default expiry"
        value={expiry}
        onChange={(e) => void saveDefaults({ expiryDays: e.target.value === 'none' ? null : Number(e.target.value) })}
      >
        {EXPIRY_CHOICES.map((c) => (
          <MenuItem key={c.value} value={c.value}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
