import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { toast } from '../../../shared/toast/toast';
import { apiErrorMessage } from '../indicators/errors';
import type { ChartIndicatorState } from '../indicators/model';
import { TemplateList } from './template-list';
import { indicatorState, useChartTemplatesQuery, useCreateTemplateMutation } from './tools-api';

export type IndicatorTemplatesDialogProps = {
  open: boolean;
  onClose(): void;
  /** The chart's indicators now, with their inputs and styles: what "Save" keeps. */
  current: readonly ChartIndicatorState[];
  /** Replaces the chart's indicators with a template's. */
  onApply(list: ChartIndicatorState[]): void;
};

/**
 * Indicator templates: the chart's indicators (inputs, styles, shown or hidden) saved under a name, and applied
 * to any chart later, where they replace the indicators it has. Rename and delete (after asking) here too.
 */
export function IndicatorTemplatesDialog(props: IndicatorTemplatesDialogProps) {
  const query = useChartTemplatesQuery('indicators', { skip: !props.open });
  const [create, creating] = useCreateTemplateMutation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const count = props.current.length;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const r = await create({ kind: 'indicators', name: name.trim(), indicators: props.current });
    if (r.error) return setError(apiErrorMessage(r.error, 'The template could not be saved.'));
    setName('');
    toast.success(`Indicator template “${r.data.name}” saved.`);
  };

  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="indicator-templates-title"
    >
      <DialogTitle id="indicator-templates-title">Indicator templates</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5, pt: '8px !important' }}>
        <Box component="form" onSubmit={save} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label="Template name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 60 } }}
            sx={{ flexGrow: 1 }}
            helperText={
              count === 0
                ? 'Add indicators to the chart to save them as a template.'
                : `Keeps the chart's ${count} indicator${count === 1 ? '' : 's'} with their inputs and styles.`
            }
          />
          <Button type="submit" variant="contained" disabled={count === 0 || !name.trim() || creating.isLoading}>
            Save indicators
          </Button>
        </Box>
        {error && <InlineAlert severity="error">{error}</InlineAlert>}
        <DialogContentText variant="body2">Applying a template replaces the chart's indicators.</DialogContentText>
        <TemplateList
          label="Indicator templates"
          templates={query.data ?? []}
          status={query.isError ? 'failed' : query.isSuccess ? 'succeeded' : 'loading'}
          onRetry={() => void query.refetch()}
          applyLabel="Apply"
          onApply={(t) => {
            props.onApply(t.indicators.map(indicatorState));
            toast.success(`Indicators of “${t.name}” applied.`);
          }}
          empty="No indicator templates yet: add indicators to the chart and save them here."
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
export default IndicatorTemplatesDialog;
