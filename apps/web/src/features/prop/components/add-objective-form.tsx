import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ObjectiveCatalogueItem, ObjectiveKind, TradingAccount } from '@tradedesk/contracts';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../../shared/api/api-error';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { toast } from '../../../shared/toast/toast';
import { readObjectiveValue } from '../objective-values';
import {
  useAddAccountObjectiveMutation,
  useCreateUserObjectiveMutation,
  useObjectiveCatalogueQuery,
  useUserObjectivesQuery,
} from '../prop-api';

export function unitAdornment(unit: ObjectiveCatalogueItem['unit'], currency: string): string | null {
  return unit === 'currency' ? currency : unit === 'percent' ? '%' : unit;
}

/**
 * Adds one of the catalogue's objectives to an account with its value (bounds from the catalogue). The user's
 * objective of that type is reused when they have one; else it is created with this value as its default.
 */
export function AddObjectiveForm(props: { account: TradingAccount }) {
  const { account } = props;
  const catalogue = useObjectiveCatalogueQuery();
  const mine = useUserObjectivesQuery();
  const [createObjective, creating] = useCreateUserObjectiveMutation();
  const [addToAccount, adding] = useAddAccountObjectiveMutation();
  const taken = new Set(account.objectives.map((o) => o.kind));
  const choices = (catalogue.data ?? []).filter((c) => !taken.has(c.kind));
  const [kind, setKind] = useState<ObjectiveKind | ''>('');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const item = choices.find((c) => c.kind === kind) ?? choices[0];
  const busy = creating.isLoading || adding.isLoading;

  if (catalogue.isError)
    return (
      <InlineAlert severity="error" sx={{ my: 0 }}>
        The objective catalogue could not be loaded.
      </InlineAlert>
    );
  if (!catalogue.data || choices.length === 0 || !item) return null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!item) return;
    setError(null);
    setFieldError(null);
    const read = readObjectiveValue(value === '' ? String(item.defaultValue) : value, item);
    if (!read.ok) {
      setFieldError(read.message);
      return;
    }
    try {
      const existing = mine.data?.find((o) => o.kind === item.kind);
      const objective = existing ?? (await createObjective({ kind: item.kind, value: read.value }).unwrap());
      await addToAccount({ accountId: account.id, objectiveId: objective.id, value: read.value }).unwrap();
      toast.success(`${item.name} added to ${account.name}.`);
      setKind('');
      setValue('');
    } catch (err) {
      const fields = isApiError(err) ? fieldErrorsOf(err) : {};
      if (fields.value) setFieldError(fields.value);
      else setError(isApiError(err) && err.message ? err.message : 'The objective was not added. Try again.');
    }
  }

  const unit = unitAdornment(item.unit, account.currency);
  return (
    <Box
      component="form"
      noValidate
      aria-label="Add an objective"
      onSubmit={submit}
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr auto' }, alignItems: 'start' }}
    >
      <TextField
        select
        size="small"
        label="Objective"
        value={item.kind}
        onChange={(e) => {
          setKind(e.target.value as ObjectiveKind);
          setValue('');
          setFieldError(null);
        }}
        helperText={item.description}
      >
        {choices.map((c) => (
          <MenuItem key={c.kind} value={c.kind}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Value"
        value={value}
        placeholder={String(item.defaultValue)}
        onChange={(e) => {
          setValue(e.target.value);
          setFieldError(null);
        }}
        error={fieldError !== null}
        helperText={fieldError ?? `From ${item.min} to ${item.max}`}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : {},
        }}
      />
      <Button type="submit" variant="contained" disabled={busy} sx={{ mt: { sm: 0.25 } }}>
        Add objective
      </Button>
      {error && (
        <InlineAlert severity="error" sx={{ my: 0, gridColumn: '1 / -1' }}>
          {error}
        </InlineAlert>
      )}
    </Box>
  );
}
