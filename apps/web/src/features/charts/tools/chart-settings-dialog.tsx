import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { layoutChartCounts } from '@tradedesk/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { toast } from '../../../shared/toast/toast';
import { TIMEFRAMES, type Timeframe } from '../model/timeframes';
import { type ChartSettings, useChartSettings } from './use-chart-settings';

export type ChartSettingsDialogProps = {
  open: boolean;
  onClose(): void;
  /** Opens the chart templates (colours and series style). */
  onAppearance(): void;
};

/**
 * Chart settings, saved to the user's account: the timeframe a chart opens with, the layout size, autosave
 * and the journal switch, and a way to the appearance (chart templates).
 */
export function ChartSettingsDialog(props: ChartSettingsDialogProps) {
  const { settings, loaded, save } = useChartSettings({ skip: !props.open });
  const [form, setForm] = useState<ChartSettings>(settings);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The form starts from what is saved each time the dialog opens (and once the saved settings arrive).
  // biome-ignore lint/correctness/useExhaustiveDependencies: settings is a new object each render
  useEffect(() => {
    if (props.open) {
      setForm(settings);
      setError(null);
    }
  }, [props.open, loaded]);
  const set = (patch: Partial<ChartSettings>) => {
    setError(null);
    setForm((f) => ({ ...f, ...patch }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    const ok = await save(form);
    setSaving(false);
    if (!ok) return setError('The chart settings could not be saved. Try again in a moment.');
    toast.success('Chart settings saved.');
    props.onClose();
  };

  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby="chart-settings-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="chart-settings-title">Chart settings</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            select
            size="small"
            label="Default timeframe"
            value={form.defaultTimeframe}
            onChange={(e) => set({ defaultTimeframe: e.target.value as Timeframe })}
            helperText="A chart opened without a timeframe shows this one."
            disabled={!loaded}
          >
            {TIMEFRAMES.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Default layout"
            value={form.defaultLayout}
            onChange={(e) => set({ defaultLayout: Number(e.target.value) as ChartSettings['defaultLayout'] })}
            helperText="How many charts a new layout holds when a chart is added to a single chart."
            disabled={!loaded}
          >
            {layoutChartCounts.map((n) => (
              <MenuItem key={n} value={n}>
                {n === 1 ? '1 chart' : `${n} charts`}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={form.autosave}
                  onChange={(e) => set({ autosave: e.target.checked })}
                  disabled={!loaded}
                  slotProps={{ input: { 'aria-describedby': 'chart-settings-autosave-help' } }}
                />
              }
              label="Autosave"
            />
            <FormHelperText id="chart-settings-autosave-help">
              Saved charts keep each change as you make it. Off, use Save in the charts menu. Drawings and layouts are
              saved as you go either way.
            </FormHelperText>
          </Box>
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={form.journal}
                  onChange={(e) => set({ journal: e.target.checked })}
                  disabled={!loaded}
                  slotProps={{ input: { 'aria-describedby': 'chart-settings-journal-help' } }}
                />
              }
              label="Show journal entries"
            />
            <FormHelperText id="chart-settings-journal-help">
              Kept for when the trading journal arrives; charts show no journal entries yet.
            </FormHelperText>
          </Box>
          <Box>
            <Button variant="outlined" onClick={props.onAppearance}>
              Appearance…
            </Button>
            <FormHelperText>Colours and chart type, saved as chart templates.</FormHelperText>
          </Box>
          {error && <InlineAlert severity="error">{error}</InlineAlert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!loaded || saving}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
export default ChartSettingsDialog;
