import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useFormatters } from '../../shared/format/format-preferences';
import { EmptyState } from '../../shared/states/empty-state';
import { InlineAlert } from '../../shared/states/inline-alert';
import { LoadingState } from '../../shared/states/loading-state';
import { openAccountsDialog } from './accounts-dialog-store';
import { useAccountLive } from './use-account-live';
import { useActiveAccount } from './use-active-account';

const STATUS_TEXT = { ok: 'Margin OK', margin_call: 'Margin call', stop_out: 'Stop out' } as const;

/**
 * The risk panel (spec section 2): the active account's equity, margin in use, free margin and margin level,
 * live, with the open positions' and pending orders' counts.
 */
export function RiskPanel() {
  const f = useFormatters();
  const { account } = useActiveAccount();
  const live = useAccountLive(account?.id ?? null);
  if (!account)
    return (
      <EmptyState
        title="No active trading account."
        action={<Button onClick={() => openAccountsDialog()}>Trading accounts</Button>}
      />
    );
  if (live.status === 'error' && !live.account)
    return (
      <InlineAlert severity="error" sx={{ m: 1.5 }}>
        The account's figures could not be loaded. {live.error}
      </InlineAlert>
    );
  const a = live.account;
  if (!a) return <LoadingState label="Loading the account's figures" />;
  const pnl = f.pnl(a.floatingProfit, a.currency);
  const rows: Array<[string, string, string?]> = [
    ['Balance', f.money(a.balance, a.currency)],
    ['Equity', f.money(a.equity, a.currency)],
    ['Floating P/L', pnl.text, f.pnlColor(pnl.direction)],
    ['Margin', f.money(a.margin, a.currency)],
    ['Free margin', f.money(a.freeMargin, a.currency)],
    ['Margin level', a.marginLevel === null ? '—' : `${a.marginLevel.toFixed(2)}%`],
    ['Leverage', `1:${a.leverage}`],
    ['Open positions', String(live.positions.length)],
    ['Pending orders', String(live.orders.length)],
  ];
  return (
    <Box
      role="region"
      aria-label="Risk"
      tabIndex={0}
      sx={{
        p: 1.5,
        display: 'grid',
        gap: 1,
        alignContent: 'start',
        height: '100%',
        overflow: 'auto',
        boxSizing: 'border-box',
      }}
      aria-busy={live.status === 'loading'}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {account.name}{' '}
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          · {STATUS_TEXT[a.marginStatus]}
        </Box>
      </Typography>
      <Box
        component="dl"
        aria-label="Account risk"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.25, fontSize: 13 }}
      >
        {rows.map(([label, value, color]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {label}
            </Box>
            <Box component="dd" sx={{ m: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums', color }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
