import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TradingAccount } from '@tradedesk/contracts';
import { Link as RouterLink } from 'react-router';
import { DensityProvider } from '../../../shared/density/density';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { AccountFormatPreferences } from '../../account/account-format-preferences';
import { openAccountsDialog } from '../../trading';
import { useAccountGoals } from '../use-account-goals';
import { useShownAccount } from '../use-shown-account';
import { AddObjectiveForm } from './add-objective-form';
import { ObjectiveStatusList } from './objective-status-list';
import { PropStatusPanel } from './prop-status-panel';

/**
 * The dashboard's objectives (goals) tab: for a prop-firm account, the challenge's rules live (progress, today's
 * permitted loss, the maximum permitted loss and the equity floor, trading days, the best day's share, the
 * countdown to the daily reset, the failed/paused/passed state); for every account, the user's own objectives
 * (met, on track, broken with a warning) and a way to add one. Shows the active account; another can be picked.
 */
export function ObjectivesTab() {
  const { shown, open, setPicked, isLoading, isError } = useShownAccount();
  if (isLoading) return <LoadingState label="Loading your trading accounts" />;
  if (isError) return <ErrorState title="Your trading accounts could not be loaded." />;
  if (!shown)
    return (
      <EmptyState
        title="No trading account yet."
        description="Start a prop-firm challenge or open a virtual account: its rules and your objectives show here."
        action={
          <Button variant="outlined" onClick={() => openAccountsDialog('prop_firm')}>
            Start a prop-firm challenge
          </Button>
        }
      />
    );
  return (
    <AccountFormatPreferences>
      <DensityProvider density="compact">
        <Box sx={{ display: 'grid', gap: 2 }}>
          {open.length > 1 && (
            <TextField
              select
              size="small"
              label="Account"
              value={shown.id}
              onChange={(e) => setPicked(e.target.value)}
              sx={{ maxWidth: 360 }}
            >
              {open.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.name}
                  {a.propFirm ? ` (${a.propFirm.challengeName}, ${a.propFirm.phaseName})` : ''}
                </MenuItem>
              ))}
            </TextField>
          )}
          <AccountGoals key={shown.id} account={shown} />
        </Box>
      </DensityProvider>
    </AccountFormatPreferences>
  );
}

function AccountGoals(props: { account: TradingAccount }) {
  const { account } = props;
  const live = useAccountGoals(account.id);
  if (live.isLoading) return <LoadingState label="Loading the account's objectives" />;
  if (live.isError || !live.goals)
    return (
      <ErrorState title="The account's objectives could not be loaded." message={live.error} onRetry={live.refetch} />
    );
  const { prop, objectives } = live.goals;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {prop ? (
        <PropStatusPanel status={prop} prop={account.propFirm} />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {account.name} is not in a prop-firm challenge: only your own objectives apply.{' '}
          <Button size="small" onClick={() => openAccountsDialog('prop_firm')}>
            Start a challenge
          </Button>
        </Typography>
      )}
      <Box component="section" aria-labelledby="own-objectives" sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography id="own-objectives" component="h3" variant="subtitle1" sx={{ fontWeight: 700, flexGrow: 1 }}>
            Your objectives
          </Typography>
          <Button size="small" component={RouterLink} to="/settings/objectives">
            Edit objectives
          </Button>
        </Box>
        {objectives.length > 0 ? (
          <ObjectiveStatusList objectives={objectives} currency={account.currency} />
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No objectives on {account.name} yet. Add your own limits and goals: they are checked live beside the firm's
            rules, with a warning when one is broken.
          </Typography>
        )}
        <AddObjectiveForm account={account} />
      </Box>
    </Box>
  );
}
