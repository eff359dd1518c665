import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AiAction } from '@tradedesk/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useConfirmAiActionMutation, useRejectAiActionMutation } from '../ai-api';

const KIND_TITLES: Record<AiAction['kind'], string> = {
  create_alert: 'Create an alert',
  draft_order: 'Draft an order',
  add_to_watchlist: 'Add to a watchlist',
  tag_trade: 'Tag a trade',
  write_journal_note: 'Write a journal note',
};

const STATUS_TEXT: Record<AiAction['status'], string> = {
  proposed: 'Waiting for your confirmation: nothing has happened yet.',
  confirmed: 'Done.',
  rejected: 'Dismissed: nothing was done.',
  failed: 'It could not be done.',
};

/** How the parameters of the proposed actions read on the card; others show their name in words. */
const PARAM_LABELS: Record<string, string> = {
  account_name: 'Account',
  symbol: 'Symbol',
  side: 'Side',
  order_type: 'Order type',
  entry: 'Entry',
  volume: 'Volume (lots)',
  stop_loss: 'Stop loss',
  take_profit: 'Take profit',
  risk_percent: 'Risk (% of equity)',
  money_at_risk: 'Money at risk',
  bound_by: 'Size limited by',
  warnings: 'Warnings',
  source: 'Source',
  tags: 'Tags',
  text: 'Note',
  date: 'Day',
};
/** What limits a drafted order's size (the sizing's bound), in words. */
const BOUND_TEXT: Record<string, string> = {
  risk: 'your risk per trade',
  daily_loss: 'the daily loss left today',
  max_loss: 'the maximum loss left',
  max_risk_per_trade: 'the challenge’s risk per trade',
  max_lots: 'the challenge’s maximum lots',
  volume_max: 'the instrument’s largest volume',
};
const SIDE_TEXT: Record<string, string> = { buy: 'Buy', sell: 'Sell' };

/** A parameter's label: its own, or its name in words ("order_type" reads "order type"). */
const paramLabel = (key: string) => PARAM_LABELS[key] ?? key.replace(/_/g, ' ');

/** A parameter's value as the card shows it; the currency is put beside the money at risk. */
function paramValue(key: string, value: unknown, params: Record<string, unknown>): string {
  if (key === 'bound_by' && typeof value === 'string') return BOUND_TEXT[value] ?? value.replace(/_/g, ' ');
  if (key === 'side' && typeof value === 'string') return SIDE_TEXT[value] ?? value;
  if (key === 'order_type' && typeof value === 'string') return value.replace(/_/g, ' ');
  if (key === 'money_at_risk' && typeof params.currency === 'string') return `${paramText(value)} ${params.currency}`;
  if (key === 'risk_percent' && typeof value === 'number') return `${value} %`;
  return paramText(value);
}

function paramText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * An action a tool proposed: what confirming does, its arguments, Confirm and Dismiss. Nothing happens until the
 * user confirms. A drafted order opens the order ticket prefilled on confirm; the order is only sent from there.
 */
export function ActionCard(props: { action: AiAction }) {
  const [action, setAction] = useState(props.action);
  const [confirm, confirming] = useConfirmAiActionMutation();
  const [reject, rejecting] = useRejectAiActionMutation();
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const busy = confirming.isLoading || rejecting.isLoading;
  const current = props.action.status !== 'proposed' ? props.action : action;
  const title = KIND_TITLES[current.kind];

  async function run(which: 'confirm' | 'reject') {
    setError(null);
    try {
      const next = await (which === 'confirm' ? confirm(current.id) : reject(current.id)).unwrap();
      setAction(next);
      const to = next.redirectTo ?? current.redirectTo;
      if (which === 'confirm' && next.status === 'confirmed' && next.kind === 'draft_order' && to) navigate(to);
    } catch (e) {
      setError(isApiError(e) && e.message ? e.message : 'The action could not be completed. Try again.');
    }
  }

  const params = current.params;
  // What a trader reads: named things rather than their ids, no empty lists; the sizing's explanation as a sentence.
  const entries = Object.entries(params).filter(
    ([k, v]) =>
      v !== undefined &&
      v !== null &&
      v !== '' &&
      !(Array.isArray(v) && v.length === 0) &&
      k !== 'explanation' &&
      !(k === 'currency' && params.money_at_risk !== undefined) &&
      !(k.endsWith('_id') && params[`${k.slice(0, -3)}_name`] !== undefined),
  );
  const explanation = typeof params.explanation === 'string' ? params.explanation : null;
  return (
    <Paper variant="outlined" component="section" aria-label={`Proposed action: ${title}`} sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" component="h4">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {current.summary}
      </Typography>
      {entries.length > 0 && (
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, my: 1, fontSize: 13 }}
        >
          {entries.map(([key, value]) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {paramLabel(key)}
              </Box>
              <Box component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                {paramValue(key, value, params)}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {explanation && (
        <Typography variant="body2" sx={{ mb: 1, color: 'text.secondary' }}>
          {explanation}
        </Typography>
      )}
      {current.fromContent && current.status === 'proposed' && (
        <Alert severity="warning" sx={{ my: 1 }}>
          This was proposed while the assistant read documents, links or news. Check it is what you asked for.
        </Alert>
      )}
      <Typography variant="caption" role="status" sx={{ display: 'block', color: 'text.secondary' }}>
        {STATUS_TEXT[current.status]}
        {current.kind === 'draft_order' && current.status === 'proposed'
          ? ' Confirming opens the order ticket filled in; the order is only sent when you click there.'
          : ''}
      </Typography>
      {current.status === 'failed' && typeof current.result?.error === 'string' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {current.result.error}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      {current.status === 'proposed' && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
          <Button variant="contained" size="small" disabled={busy} onClick={() => void run('confirm')}>
            {current.kind === 'draft_order' ? 'Open in order ticket' : 'Confirm'}
          </Button>
          <Button size="small" disabled={busy} onClick={() => void run('reject')}>
            Dismiss
          </Button>
        </Box>
      )}
      {current.status === 'confirmed' && current.kind === 'draft_order' && (current.redirectTo ?? null) && (
        <Button size="small" sx={{ mt: 1 }} onClick={() => navigate(current.redirectTo as string)}>
          Open the order ticket again
        </Button>
      )}
    </Paper>
  );
}
