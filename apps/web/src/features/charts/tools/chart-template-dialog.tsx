import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ChartTemplate, TemplateSettings } from '@tradedesk/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { toast } from '../../../shared/toast/toast';
import type { ChartColors, ChartType } from '../components/chart-engine';
import { apiErrorMessage } from '../indicators/errors';
import { AppearanceEditor } from './appearance-editor';
import { TemplateList } from './template-list';
import { useCreateTemplateMutation, useUpdateTemplateMutation } from './tools-api';
import type { ChartTemplateState } from './use-chart-template';

export type ChartTemplateDialogProps = {
  open: boolean;
  onClose(): void;
  look: ChartTemplateState;
  themeColors: ChartColors;
  /** The chart's type now, the editor's starting point. */
  chartType: ChartType;
  /** Shows a template on this chart (its colours and its chart type). */
  onApply(template: ChartTemplate): void;
};

/**
 * Chart templates: edit the chart's appearance (seen on the chart as it changes), save it as a new template
 * or over the one the chart shows, and apply, rename, delete or make default the saved ones. The default is
 * what a chart without a template of its own shows. Closing without saving puts the chart back as it was.
 */
export function ChartTemplateDialog(props: ChartTemplateDialogProps) {
  const { look } = props;
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [create, creating] = useCreateTemplateMutation();
  const [update, updating] = useUpdateTemplateMutation();
  const { setDraft } = look;
  const draft: TemplateSettings = look.draft ?? { ...look.active?.settings, chartType: props.chartType };

  // The editor starts from what the chart shows; closing drops the draft, so the chart shows its template again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening and closing
  useEffect(() => {
    if (props.open) setDraft({ ...look.active?.settings, chartType: props.chartType });
    else setDraft(null);
  }, [props.open]);

  const active = look.active;
  const saveNew = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const r = await create({ kind: 'chart', name: name.trim(), settings: draft });
    if (r.error) return setError(apiErrorMessage(r.error, 'The template could not be saved.'));
    setName('');
    toast.success(`Template “${r.data.name}” saved.`);
    props.onApply(r.data);
  };
  const saveOver = async () => {
    if (!active) return;
    setError(null);
    const r = await update({ id: active.id, kind: 'chart', settings: draft });
    if (r.error) return setError(apiErrorMessage(r.error, 'The template could not be saved.'));
    toast.success(`Template “${r.data.name}” updated.`);
  };

  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="chart-template-title">
      <DialogTitle id="chart-template-title">Chart templates</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <Typography variant="subtitle2" component="h3">
          Appearance{active ? ` · ${active.name}` : ''}
        </Typography>
        <AppearanceEditor value={draft} onChange={setDraft} themeColors={props.themeColors} />
        {error && <InlineAlert severity="error">{error}</InlineAlert>}
        <Box component="form" onSubmit={saveNew} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label="Template name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 60 } }}
            sx={{ flexGrow: 1 }}
          />
          <Button type="submit" variant="contained" disabled={!name.trim() || creating.isLoading}>
            Save as template
          </Button>
        </Box>
        {active && (
          <Box>
            <Button variant="outlined" onClick={() => void saveOver()} disabled={updating.isLoading}>
              Update “{active.name}”
            </Button>
          </Box>
        )}
        <Divider />
        <Typography variant="subtitle2" component="h3">
          Saved templates
        </Typography>
        <TemplateList
          label="Chart templates"
          templates={look.templates}
          status={look.status}
          onRetry={() => void look.retry()}
          activeId={active?.id}
          applyLabel="Apply"
          onApply={(t) => {
            setDraft({ ...t.settings });
            props.onApply(t);
          }}
          empty="No chart templates yet: set the appearance above and save it with a name."
          defaultHint="Make default: charts without a template of their own show it"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
export default ChartTemplateDialog;
