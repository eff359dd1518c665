import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AccountObjective, ObjectiveCatalogueItem, TradingAccount } from '@tradedesk/contracts';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import { openAccountsDialog } from '../../trading';
import { readObjectiveValue } from '../objective-values';
import {
  useObjectiveCatalogueQuery,
  useRemoveAccountObjectiveMutation,
  useUpdateAccountObjectiveMutation,
} from '../prop-api';
import { useShownAccount } from '../use-shown-account';
import { AddObjectiveForm, unitAdornment } from './add-objective-form';

/**
 * The account settings' rule tab (objectives): an account's prop-firm rules in plain words (read-only: the firm
 * sets them) and the user's own objectives on it, each added, changed or removed here. Values are checked
 * against the catalogue's bounds before sending; the server's refusals show as sentences on the field.
 */
export function AccountObjectivesSettings() {
  const { shown, open, setPicked, isLoading, isError } = useShownAccount();
  if (isLoading) return <LoadingState label="Loading your trading accounts" />;
  if (isError) return <ErrorState title="Your trading accounts could not be loaded." />;
  if (!shown)
    return (
      <EmptyState
        title="No trading account yet."
        description="Objectives are set per trading account."
        action={
          <Button variant="outlined" onClick={() => openAccountsDialog('add_account')}>
            Add account
          </Button>
        }
      />
    );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField
        select
        size="small"
        label="Trading account"
        value={shown.id}
        onChange={(e) => setPicked(e.target.value)}
        sx={{ maxWidth: 360 }}
      >
        {open.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.name}
          </MenuItem>
        ))}
      </TextField>
      <AccountRules account={shown} />
      <ObjectivesOf key={shown.id} account={shown} />
    </Box>
  );
}

function AccountRules(props: { account: TradingAccount }) {
  const { propFirm, rules } = props.account;
  if (!propFirm) return null;
  return (
    <Box component="section" aria-labelledby="firm-rules" sx={{ display: 'grid', gap: 0.5 }}>
      <Typography id="firm-rules" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {propFirm.firmName} · {propFirm.challengeName} · {propFirm.phaseName}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, fontSize: 14 }}>
        {rules.map((r) => (
          <li key={r.rule}>{r.description}</li>
        ))}
      </Box>
    </Box>
  );
}

function ObjectivesOf(props: { account: TradingAccount }) {
  const { account } = props;
  const catalogue = useObjectiveCatalogueQuery();
  return (
    <Box component="section" aria-labelledby="own-objectives-settings" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="own-objectives-settings" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Your objectives on {account.name}
      </Typography>
      {account.objectives.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          None yet. Each objective is checked live on this account, with a warning when it is broken.
        </Typography>
      )}
      {account.objectives.map((o) => (
        <ObjectiveRow
          key={o.objectiveId}
          account={account}
          objective={o}
          item={catalogue.data?.find((c) => c.kind === o.kind)}
        />
      ))}
      <AddObjectiveForm account={account} />
    </Box>
  );
}

function ObjectiveRow(props: { account: TradingAccount; objective: AccountObjective; item?: ObjectiveCatalogueItem }) {
  const { account, objective: o, item } = props;
  const [value, setValue] = useState(String(o.value));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [update, updating] = useUpdateAccountObjectiveMutation();
  const [remove, removing] = useRemoveAccountObjectiveMutation();
  const unit = unitAdornment(o.unit, account.currency);

  async function save(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setFieldError(null);
    const bounds = item ?? { name: o.name, min: Number.NEGATIVE_INFINITY, max: Number.POSITIVE_INFINITY, step: 1e-9 };
    const read = readObjectiveValue(value, bounds);
    if (!read.ok) {
      setFieldError(read.message);
      return;
    }
    try {
      await update({ accountId: account.id, objectiveId: o.objectiveId, value: read.value }).unwrap();
      toast.success(`${o.name} saved.`);
    } catch (err) {
      const fields = isApiError(err) ? fieldErrorsOf(err) : {};
      if (fields.value) setFieldError(fields.value);
      else setError(isApiError(err) && err.message ? err.message : 'The objective was not saved. Try again.');
    }
  }

  async function drop() {
    setError(null);
    try {
      await remove({ accountId: account.id, objectiveId: o.objectiveId }).unwrap();
      toast.success(`${o.name} removed from ${account.name}.`);
    } catch (err) {
      setError(isApiError(err) && err.message ? err.message : 'The objective was not removed. Try again.');
    }
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label={o.name}
      onSubmit={save}
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr auto auto' }, alignItems: 'start' }}
    >
      <Box sx={{ pt: 0.75 }}>
        <Box sx={{ fontWeight: 600 }}>{o.name}</Box>
        {item && <Box sx={{ color: 'text.secondary', fontSize: 12 }}>{item.description}</Box>}
      </Box>
      <TextField
        size="small"
        label={`${o.name} value`}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setFieldError(null);
        }}
        error={fieldError !== null}
        helperText={fieldError ?? (item ? `From ${item.min} to ${item.max}` : undefined)}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : {},
        }}
      />
      <Button type="submit" variant="outlined" disabled={updating.isLoading} aria-label={`Save ${o.name}`}>
        Save
      </Button>
      <Button color="error" disabled={removing.isLoading} onClick={() => void drop()} aria-label={`Remove ${o.name}`}>
        Remove
      </Button>
      {error && (
        <InlineAlert severity="error" sx={{ my: 0, gridColumn: '1 / -1' }}>
          {error}
        </InlineAlert>
      )}
    </Box>
  );
}
