import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { InlineAlert } from '../../shared/states/inline-alert';
import { useMailboxQuery } from './dev-mailbox-api';

/** Links of this app open in it (client-side), whatever host the server wrote into the mail. */
export function inAppPath(link: string, origin: string = window.location.origin): string | null {
  let url: URL;
  try {
    url = new URL(link, origin);
  } catch {
    return null;
  }
  if (url.origin === origin || /^\/(activate|reset-password)$/.test(url.pathname)) {
    return `${url.pathname}${url.search}${url.hash}`;
  }
  return null;
}

/** The offline mail outbox: what the server would have sent, for development without SMTP. */
export function MailboxPage() {
  const { data, isLoading, isError, refetch, isFetching } = useMailboxQuery({}, { pollingInterval: 5000 });

  return (
    <Box component="main" sx={{ p: { xs: 2, sm: 3, lg: 4 }, maxWidth: 960, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700, flexGrow: 1, fontSize: { xs: 26, sm: 32 } }}>
          Dev mailbox
        </Typography>
        <Button onClick={() => void refetch()} disabled={isFetching}>
          Refresh
        </Button>
        <Link component={RouterLink} to="/">
          Back to the app
        </Link>
      </Box>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        No SMTP server is configured, so mail is kept here instead of being sent. Newest first.
      </Typography>
      {isLoading && <Typography role="status">Loading mail…</Typography>}
      {isError && <InlineAlert severity="error">The mailbox is not available on this server.</InlineAlert>}
      {data && data.mails.length === 0 && <Typography>No mail yet.</Typography>}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }} aria-label="Mails">
        {data?.mails.map((mail) => (
          <Paper key={mail.id} component="li" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
              {mail.subject}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
              To {mail.to} · <time dateTime={mail.createdAt}>{new Date(mail.createdAt).toLocaleString()}</time>
            </Typography>
            <Typography
              component="pre"
              sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, mb: 1.5, overflowWrap: 'anywhere' }}
            >
              {mail.text}
            </Typography>
            {mail.links.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={`Links in ${mail.subject}`}>
                {mail.links.map((link) => {
                  const path = inAppPath(link);
                  return (
                    <li key={link}>
                      {path ? (
                        <Link component={RouterLink} to={path} sx={{ overflowWrap: 'anywhere' }}>
                          {link}
                        </Link>
                      ) : (
                        <Link href={link} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere' }}>
                          {link}
                        </Link>
                      )}
                    </li>
                  );
                })}
              </Box>
            )}
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

export { MailboxPage as Component };
