import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { lazy, Suspense, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useFormatters } from '../../../shared/format/format-preferences';
import { toast } from '../../../shared/toast/toast';
import { useBreachAlerts } from '../../prop/use-breach-alerts';
import { openAccountsDialog, useAccountsDialogState } from '../accounts-dialog-store';
import { useAccountLive } from '../use-account-live';
import { useActiveAccount } from '../use-active-account';

const TradingAccountsDialog = lazy(() =>
  import('./accounts-dialog').then((m) => ({ default: m.TradingAccountsDialog })),
);

function Dot(props: { color: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        width: 10,
        height: 10,
        borderRadius: '50%',
        bgcolor: props.color,
        flexShrink: 0,
        border: 1,
        borderColor: 'divider',
      }}
    />
  );
}

/**
 * The top bar's trading account switcher: the active account's colour, name, balance and equity (live on
 * its account channel) and, for a prop account, its phase; a failure of the challenge is toasted at once wherever
 * the user is. The menu switches to another account or opens the trading accounts dialog, which it
 * mounts (loaded on first use).
 */
export function AccountSwitcher() {
  const f = useFormatters();
  const { account, accounts, isLoading, switchTo, switching } = useActiveAccount();
  const live = useAccountLive(account?.id ?? null);
  // A prop account's failure, pause or pass is told at once on whatever page is open.
  useBreachAlerts(account, f.money);
  const dialog = useAccountsDialogState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialogUsed, setDialogUsed] = useState(false);
  const currency = live.account?.currency ?? account?.currency ?? 'USD';
  const balance = live.account?.balance ?? account?.balance;
  const equity = live.account?.equity ?? account?.balance;
  const others = accounts.filter((a) => a.id !== account?.id && a.status !== 'archived');

  async function pick(id: string) {
    setAnchor(null);
    try {
      const next = await switchTo(id);
      toast.success(`${next.name} is now your active account.`);
    } catch (error) {
      toast.error(isApiError(error) && error.message ? error.message : 'The account could not be switched to.');
    }
  }

  const label = account
    ? `Trading account ${account.name}, balance ${f.money(balance, currency)}, equity ${f.money(equity, currency)}`
    : 'Trading accounts';
  return (
    <>
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        disabled={isLoading || switching}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ borderColor: 'divider', textTransform: 'none', gap: 1, maxWidth: 460, minWidth: 0 }}
      >
        {account ? (
          <>
            <Dot color={account.color} />
            <Box
              component="span"
              sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: 160 }}
            >
              {account.name}
            </Box>
            {account.propFirm && (
              <Box
                component="span"
                sx={{
                  display: { xs: 'none', md: 'inline' },
                  color: account.propFirm.state === 'failed' ? 'error.main' : 'text.secondary',
                  whiteSpace: 'nowrap',
                }}
              >
                {account.propFirm.state === 'failed' ? 'Failed' : account.propFirm.phaseName}
              </Box>
            )}
            <Box
              component="span"
              data-testid="switcher-figures"
              sx={{
                display: { xs: 'none', lg: 'inline' },
                color: 'text.secondary',
                fontVariantNumeric: 'tabular-nums',
                whiteSpace: 'nowrap',
              }}
            >
              Bal {f.money(balance, currency)} · Eq {f.money(equity, currency)}
            </Box>
          </>
        ) : (
          'Trading accounts'
        )}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {others.map((a) => (
          <MenuItem key={a.id} onClick={() => void pick(a.id)}>
            <Dot color={a.color} />
            <ListItemText
              sx={{ ml: 1 }}
              primary={a.name}
              secondary={
                a.propFirm
                  ? `${a.propFirm.challengeName} · ${a.propFirm.phaseName} · ${f.money(a.balance, a.currency)}`
                  : f.money(a.balance, a.currency)
              }
            />
          </MenuItem>
        ))}
        {others.length > 0 && <Divider />}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setDialogUsed(true);
            openAccountsDialog();
          }}
        >
          Manage trading accounts
        </MenuItem>
      </Menu>
      {(dialogUsed || dialog.open) && (
        <Suspense fallback={null}>
          <TradingAccountsDialog />
        </Suspense>
      )}
    </>
  );
}
