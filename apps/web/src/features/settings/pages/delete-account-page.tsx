import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Configuration } from '@tradedesk/contracts';
import { useState } from 'react';
import { DeleteAccountDialog } from '../components/delete-account-dialog';
import { SettingsSection } from '../components/settings-section';

/** delete_account: what goes with the account, and the confirmed deletion. */
export function DeleteAccountPage(props: { config: Configuration }) {
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection title="What deleting removes" tone="danger">
      <Typography sx={{ mb: 1 }}>
        Deleting <strong>{props.config.general.email}</strong> removes for good:
      </Typography>
      <Box component="ul" sx={{ mt: 0, mb: 2, pl: 3 }}>
        <li>your personal details, billing details and settings;</li>
        <li>your public profile, username, avatar and banner;</li>
        <li>your two-factor setup and recovery codes;</li>
        <li>everything you created or saved in the app;</li>
        <li>every session: all your devices are signed out at once.</li>
      </Box>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        This cannot be undone, and the username becomes free for others to take.
      </Typography>
      <Button variant="contained" color="error" onClick={() => setOpen(true)}>
        Delete account…
      </Button>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </SettingsSection>
  );
}
