import AlternateEmail from '@mui/icons-material/AlternateEmail';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { AI_MENTION_CATEGORIES, type AiMention, type AiMentionCategory } from '@tradedesk/contracts';
import { useState } from 'react';
import { useStrategyNamesQuery } from '../../metrics/metrics-api';
import { useTradingAccountsQuery } from '../../trading/trading-api';

const CATEGORY_LABELS: Record<AiMentionCategory, string> = {
  symbol: 'Symbol',
  account: 'Account',
  strategy: 'Strategy',
  date_range: 'Date range',
};

/** The names mentions show for account and strategy ids. */
export function useMentionNames(): Record<string, string> {
  const accounts = useTradingAccountsQuery('all');
  const strategies = useStrategyNamesQuery();
  return { ...(strategies.data ?? {}), ...Object.fromEntries((accounts.data ?? []).map((a) => [a.id, a.name])) };
}

/** Adds a mention (spec: category, option, sub_option): a symbol, an account, a strategy or a date range. */
export function MentionPicker(props: { onAdd: (mention: AiMention) => void }) {
  const [open, setOpen] = useState(false);
  const [category, setCategory] = useState<AiMentionCategory>('symbol');
  const [option, setOption] = useState('');
  const [sub, setSub] = useState('');
  const accounts = useTradingAccountsQuery('all', { skip: !open });
  const strategies = useStrategyNamesQuery(undefined, { skip: !open });
  const close = () => {
    setOpen(false);
    setOption('');
    setSub('');
  };
  const valid =
    option.trim() !== '' && (category !== 'date_range' || sub === '' || sub >= option) && option.length <= 200;
  return (
    <>
      <IconButton aria-label="Mention a symbol, account, strategy or date range" onClick={() => setOpen(true)}>
        <AlternateEmail />
      </IconButton>
      <Dialog open={open} onClose={close} aria-labelledby="ai-mention-title" fullWidth maxWidth="xs">
        <DialogTitle id="ai-mention-title">Mention</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            select
            label="Category"
            value={category}
            onChange={(e) => {
              setCategory(e.target.value as AiMentionCategory);
              setOption('');
              setSub('');
            }}
          >
            {AI_MENTION_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </MenuItem>
            ))}
          </TextField>
          {category === 'symbol' && (
            <>
              <TextField
                label="Symbol"
                value={option}
                onChange={(e) => setOption(e.target.value.toUpperCase().replace(/\s/g, ''))}
                slotProps={{ htmlInput: { maxLength: 40 } }}
              />
              <TextField label="Timeframe (optional)" value={sub} onChange={(e) => setSub(e.target.value.trim())} />
            </>
          )}
          {category === 'account' && (
            <TextField select label="Account" value={option} onChange={(e) => setOption(e.target.value)}>
              {(accounts.data ?? []).map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {category === 'strategy' && (
            <TextField select label="Strategy" value={option} onChange={(e) => setOption(e.target.value)}>
              {Object.entries(strategies.data ?? {}).map(([id, name]) => (
                <MenuItem key={id} value={id}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {category === 'date_range' && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
              <TextField
                type="date"
                label="From"
                value={option}
                onChange={(e) => setOption(e.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                type="date"
                label="To"
                value={sub}
                onChange={(e) => setSub(e.target.value)}
                error={sub !== '' && option !== '' && sub < option}
                helperText={sub !== '' && option !== '' && sub < option ? 'To must not be before From.' : ' '}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button
            variant="contained"
            disabled={!valid}
            onClick={() => {
              props.onAdd({ category, option: option.trim(), subOption: sub.trim() || null });
              close();
            }}
          >
            Add mention
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
