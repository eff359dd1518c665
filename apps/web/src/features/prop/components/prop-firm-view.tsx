import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PropPhase } from '@tradedesk/contracts';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../../shared/api/api-error';
import { useFormatters } from '../../../shared/format/format-preferences';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import { showAccountsDialogView } from '../../trading/accounts-dialog-store';
import { useConnectTradingAccountMutation, useCreateTradingAccountMutation } from '../../trading/trading-api';
import { usePropChallengesQuery, usePropFirmsQuery } from '../prop-api';
import { describePhaseRules } from '../rule-words';

/**
 * The trading accounts dialog's prop firm view (spec section 3, "Prop firm selection"): firm, then challenge
 * (its rules in plain words, with the money they come to), phase, currency and size; opens the challenge account
 * on the virtual broker (POST /accounts, kind prop).
 */
export function PropFirmView() {
  const f = useFormatters();
  const firms = usePropFirmsQuery();
  const [firmId, setFirmId] = useState('');
  const firm = firms.data?.find((x) => x.id === firmId) ?? firms.data?.[0];
  const challenges = usePropChallengesQuery(firm?.id ?? '', { skip: !firm });
  const [challengeId, setChallengeId] = useState('');
  const challenge = challenges.data?.find((c) => c.id === challengeId) ?? challenges.data?.[0];
  const [phaseChoice, setPhase] = useState<PropPhase | ''>('');
  const [currencyChoice, setCurrency] = useState('');
  const [sizeChoice, setSize] = useState('');
  const [nameChoice, setName] = useState<string | null>(null);
  const [makeActive, setMakeActive] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [createAccount, { isLoading }] = useCreateTradingAccountMutation();
  const [connect] = useConnectTradingAccountMutation();

  if (firms.isLoading) return <LoadingState label="Loading the prop firms" />;
  if (firms.isError || !firms.data)
    return <InlineAlert severity="error">The prop firms could not be loaded.</InlineAlert>;

  const phases = challenge?.rules.phases ?? [];
  const phase =
    phases.find((p) => p.phase === phaseChoice) ?? phases.find((p) => p.phase === challenge?.firstPhase) ?? phases[0];
  const currency = challenge?.currencies.includes(currencyChoice)
    ? currencyChoice
    : (challenge?.currencies[0] ?? 'USD');
  const size = challenge?.sizes.includes(Number(sizeChoice)) ? Number(sizeChoice) : (challenge?.sizes[0] ?? 0);
  const name = nameChoice ?? (challenge ? `${challenge.name} ${size.toLocaleString('en-US')}` : '');
  const resetChoices = () => {
    setPhase('');
    setCurrency('');
    setSize('');
    setName(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!firm || !challenge || !phase) return;
    setError(null);
    setFields({});
    try {
      const created = await createAccount({
        kind: 'prop',
        name: name.trim(),
        firm: firm.id,
        challenge: challenge.id,
        phase: phase.phase,
        currency,
        size,
      }).unwrap();
      if (makeActive) await connect(created.id).unwrap();
      toast.success(`${created.name} opened${makeActive ? ' and made your active account' : ''}.`);
      showAccountsDialogView('main_view');
    } catch (err) {
      setError(isApiError(err) ? err.message || 'Unknown error' : 'Something went wrong. Try again.');
      setFields(isApiError(err) ? fieldErrorsOf(err) : {});
    }
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label="Start a prop-firm challenge"
      onSubmit={submit}
      sx={{ display: 'grid', gap: 1.5, pt: 1 }}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <TextField
          select
          size="small"
          label="Firm"
          value={firm?.id ?? ''}
          onChange={(e) => {
            setFirmId(e.target.value);
            setChallengeId('');
            resetChoices();
          }}
          error={!!fields.firm}
          helperText={fields.firm}
        >
          {firms.data.map((x) => (
            <MenuItem key={x.id} value={x.id}>
              {x.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Challenge"
          value={challenge?.id ?? ''}
          disabled={!challenges.data}
          onChange={(e) => {
            setChallengeId(e.target.value);
            resetChoices();
          }}
          error={!!fields.challenge}
          helperText={fields.challenge}
        >
          {(challenges.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {firm && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {firm.description.includes(firm.note) ? firm.description : `${firm.description} ${firm.note}`}
        </Typography>
      )}
      {challenges.isError && <InlineAlert severity="error">The firm's challenges could not be loaded.</InlineAlert>}
      {challenge && phase && (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: 1.5 }}>
            <TextField
              select
              size="small"
              label="Phase"
              value={phase.phase}
              onChange={(e) => setPhase(e.target.value as PropPhase)}
              error={!!fields.phase}
              helperText={fields.phase}
            >
              {phases.map((p) => (
                <MenuItem key={p.phase} value={p.phase}>
                  {p.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Currency"
              value={currency}
              onChange={(e) => setCurrency(e.target.value)}
              error={!!fields.currency}
              helperText={fields.currency}
            >
              {challenge.currencies.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Size"
              value={String(size)}
              onChange={(e) => setSize(e.target.value)}
              error={!!fields.size}
              helperText={fields.size}
            >
              {challenge.sizes.map((s) => (
                <MenuItem key={s} value={String(s)}>
                  {f.money(s, currency)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Paper variant="outlined" component="section" aria-label="Rules of the phase" sx={{ p: 1.5 }}>
            <Typography sx={{ fontWeight: 600, mb: 0.5 }}>
              {challenge.name}: {phase.label}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
              {challenge.description}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5, fontSize: 13, display: 'grid', gap: 0.25 }}>
              {describePhaseRules(phase, challenge.rules.day, size, currency, f.money).map((line) => (
                <li key={line}>{line}</li>
              ))}
              <li>Leverage 1:{challenge.leverage}.</li>
            </Box>
          </Paper>
          <TextField
            size="small"
            label="Account name"
            value={name}
            required
            onChange={(e) => setName(e.target.value)}
            error={!!fields.name}
            helperText={fields.name}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <FormControlLabel
            control={<Switch checked={makeActive} onChange={(e) => setMakeActive(e.target.checked)} />}
            label="Make it my active account"
          />
        </>
      )}
      {error && (
        <InlineAlert severity="error" sx={{ my: 0 }}>
          {error}
        </InlineAlert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={isLoading || !challenge || !phase}>
          Start challenge
        </Button>
      </Box>
    </Box>
  );
}
