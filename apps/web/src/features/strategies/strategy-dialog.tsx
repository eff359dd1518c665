import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../shared/api/api-error';
import { InlineAlert } from '../../shared/states/inline-alert';
import { isDirty, useDirtyGuard } from './dirty-guard';

export type StrategyFormValues = { name: string; description: string };

export const STRATEGY_NAME_MAX = 120;
export const STRATEGY_DESCRIPTION_MAX = 2000;

/** The form's own checks, worded as the server words them: sentences naming the field. */
export function strategyFormErrors(values: StrategyFormValues): Partial<Record<keyof StrategyFormValues, string>> {
  const errors: Partial<Record<keyof StrategyFormValues, string>> = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Name is required.';
  else if (name.length > STRATEGY_NAME_MAX) errors.name = `Name must be at most ${STRATEGY_NAME_MAX} characters.`;
  if (values.description.trim().length > STRATEGY_DESCRIPTION_MAX)
    errors.description = `Description must be at most ${STRATEGY_DESCRIPTION_MAX} characters.`;
  return errors;
}

/**
 * The strategy dialog (spec section 2): a strategy's name and description, to create one or edit it. It has the
 * isDirty guard: Escape, the backdrop or Cancel with unsaved changes ask whether to discard them. Enter saves.
 */
export function StrategyDialog(props: {
  title: string;
  submitLabel: string;
  initial?: StrategyFormValues;
  onSubmit(values: StrategyFormValues): Promise<void>;
  onClose(): void;
}) {
  const titleId = useId();
  const [initial] = useState<StrategyFormValues>(props.initial ?? { name: '', description: '' });
  const [values, setValues] = useState<StrategyFormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof StrategyFormValues, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = isDirty(initial, values);
  const guard = useDirtyGuard(dirty, props.onClose);

  const set = (field: keyof StrategyFormValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((x) => ({ ...x, [field]: undefined }));
    setFormError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = strategyFormErrors(values);
    if (found.name || found.description) {
      setErrors(found);
      return;
    }
    setBusy(true);
    try {
      await props.onSubmit({ name: values.name.trim(), description: values.description.trim() });
      props.onClose();
    } catch (failure) {
      if (isApiError(failure)) {
        const byField = fieldErrorsOf(failure);
        if (byField.name || byField.description) setErrors({ name: byField.name, description: byField.description });
        else setFormError(failure.message || 'The strategy could not be saved; try again.');
      } else setFormError('The strategy could not be saved; try again.');
    } finally {
      setBusy(false);
    }
  };

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
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          {formError && <InlineAlert severity="error">{formError}</InlineAlert>}
          <TextField
            label="Name"
            value={values.name}
            onChange={set('name')}
            required
            autoFocus
            fullWidth
            margin="dense"
            error={Boolean(errors.name)}
            helperText={errors.name}
            slotProps={{ htmlInput: { maxLength: STRATEGY_NAME_MAX + 20 } }}
          />
          <TextField
            label="Description"
            value={values.description}
            onChange={set('description')}
            fullWidth
            multiline
            minRows={3}
            margin="dense"
            error={Boolean(errors.description)}
            helperText={errors.description ?? 'What the strategy trades, when, and why it works.'}
            onKeyDown={(e) => {
              // Enter saves from the one-line name; in the description Ctrl/Cmd+Enter does.
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                (e.currentTarget.closest('form') as HTMLFormElement | null)?.requestSubmit();
              }
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={guard.requestClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={busy}>
            {props.submitLabel}
          </Button>
        </DialogActions>
      </Dialog>
      {guard.discardPrompt}
    </>
  );
}
