import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SessionInfo } from '@tradedesk/contracts';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { formatDateTime, type TimePreferences } from '../../../shared/format/dates';
import { formMessage } from '../../../shared/forms/server-errors';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { toast } from '../../../shared/toast/toast';
import { useRevokeSessionsMutation, useSessionsQuery } from '../settings-api';
import { ConfirmDialog } from './confirm-dialog';

type Pending = { kind: 'one'; session: SessionInfo } | { kind: 'all' } | null;

/** The live sessions (GET /customer/sessions) with sign-out of one or all (DELETE /customer/sessions). */
export function SessionsList(props: { prefs: TimePreferences }) {
  const { data: sessions, isLoading, isError, isFetching, refetch } = useSessionsQuery();
  const [revoke, { isLoading: revoking }] = useRevokeSessionsMutation();
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setPending(null);
    setError(null);
  };

  const confirm = async () => {
    if (!pending) return;
    setError(null);
    const result = await revoke(pending.kind === 'one' ? { id: pending.session.id } : {});
    if (result.data) {
      setPending(null);
      // When this tab's own session went, the session logic has already signed it out.
      if (!result.data.signedOut) toast.success('The session was signed out.');
    } else {
      setError(isApiError(result.error) ? formMessage(result.error) : 'The session could not be signed out.');
    }
  };

  if (isLoading) {
    return (
      <Box role="status" aria-label="Loading sessions">
        <Skeleton variant="rounded" height={64} sx={{ mb: 1 }} />
        <Skeleton variant="rounded" height={64} />
      </Box>
    );
  }
  if (isError || !sessions) {
    return (
      <InlineAlert
        severity="error"
        action={
          <Button size="small" onClick={() => void refetch()} disabled={isFetching}>
            Retry
          </Button>
        }
      >
        Your sessions could not be loaded.
      </InlineAlert>
    );
  }

  return (
    <>
      <Box component="ul" aria-label="Sessions" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {sessions.map((s) => (
          <Box
            component="li"
            key={s.id}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1,
              py: 1.5,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{s.device}</Typography>
                {s.current && <Chip size="small" color="success" label="This device" />}
              </Box>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                IP {s.ip} · Signed in {formatDateTime(s.createdAt, props.prefs)} · Last active{' '}
                {formatDateTime(s.lastUsedAt, props.prefs)}
              </Typography>
            </Box>
            <Button
              size="small"
              color="error"
              onClick={() => setPending({ kind: 'one', session: s })}
              aria-label={`Sign out ${s.current ? 'this device' : s.device}`}
            >
              Sign out
            </Button>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button variant="outlined" color="error" onClick={() => setPending({ kind: 'all' })}>
          Sign out of all sessions
        </Button>
      </Box>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'all' ? 'Sign out of all sessions?' : 'Sign out this session?'}
        confirmLabel={pending?.kind === 'all' ? 'Sign out everywhere' : 'Sign out session'}
        busy={revoking}
        error={error}
        onConfirm={() => void confirm()}
        onClose={close}
      >
        {pending?.kind === 'all' &&
          'Every session of your account is signed out, including this one: you will return to the sign-in page.'}
        {pending?.kind === 'one' &&
          (pending.session.current
            ? 'This is the device you are using: you will be signed out here and return to the sign-in page.'
            : `${pending.session.device} (IP ${pending.session.ip}) is signed out and must sign in again.`)}
      </ConfirmDialog>
    </>
  );
}
