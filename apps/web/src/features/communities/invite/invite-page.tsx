import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { type ApiError, isApiError } from '../../../shared/api/api-error';
import { useFormatters } from '../../../shared/format/format-preferences';
import { ErrorState } from '../../../shared/states/error-state';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import { membersText, VisibilityBadge } from '../directory/community-card';
import { communityPath } from '../directory/directory-url';
import { type InvitePreview, useAcceptInviteMutation, useInvitePreviewQuery } from './invite-api';

/** Why an invite cannot be used, in the person's words (the server's sentence when it gave one). */
export function inviteProblem(error: unknown): { title: string; text: string } {
  const e: ApiError | null = isApiError(error) ? error : null;
  if (e?.code === 'COMMUNITY_INVITE_INVALID' || e?.status === 410)
    return {
      title: 'This invite can no longer be used.',
      text: e.message || 'This invite has expired or was already used. Ask for a new one.',
    };
  if (e?.code === 'COMMUNITY_BANNED' || (e?.status === 403 && e.code !== 'COMMUNITY_FORBIDDEN'))
    return { title: 'You are banned from this community.', text: e.message || 'You cannot join it.' };
  if (e?.status === 404)
    return {
      title: 'This invite was not found.',
      text: 'Check the link you were sent, or ask whoever invited you for a new one.',
    };
  return {
    title: 'The invite could not be used.',
    text: e?.message || 'Something went wrong. Please try again.',
  };
}

function InviteCard(props: { token: string; invite: InvitePreview }) {
  const { community: c, invitedBy, expiresAt } = props.invite;
  const f = useFormatters();
  const navigate = useNavigate();
  const [accept, accepting] = useAcceptInviteMutation();
  const [problem, setProblem] = useState<{ title: string; text: string } | null>(null);
  const member = c.membership === 'member';
  const [alreadyMember, setAlreadyMember] = useState(member);

  const onAccept = async () => {
    setProblem(null);
    const r = await accept(props.token);
    if ('error' in r) {
      if (isApiError(r.error) && r.error.code === 'COMMUNITY_ALREADY_MEMBER') return setAlreadyMember(true);
      return setProblem(inviteProblem(r.error));
    }
    toast.success(`Welcome to ${c.name}.`);
    navigate(communityPath(c.handle));
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="invite-title" sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: 120, bgcolor: 'action.hover' }}>
        {c.bannerUrl && (
          <Box component="img" src={c.bannerUrl} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        )}
      </Box>
      <Box sx={{ p: 3, display: 'grid', gap: 2 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {invitedBy.displayName} (@{invitedBy.username}) invited you to join
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Avatar src={c.imageUrl ?? undefined} alt="" variant="rounded" sx={{ width: 64, height: 64 }}>
            {c.name.charAt(0).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography id="invite-title" component="h1" variant="h5">
              {c.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              @{c.handle}
            </Typography>
          </Box>
        </Box>
        {c.description && <Typography>{c.description}</Typography>}
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <VisibilityBadge visibility={c.visibility} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {membersText(c.memberCount)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            The invite expires {f.dateTime(expiresAt)}.
          </Typography>
        </Box>
        {problem && (
          <InlineAlert severity="error" title={problem.title} sx={{ my: 0 }}>
            {problem.text}
          </InlineAlert>
        )}
        {alreadyMember ? (
          <InlineAlert
            severity="info"
            sx={{ my: 0 }}
            action={
              <Button component={RouterLink} to={communityPath(c.handle)} size="small">
                Open the community
              </Button>
            }
          >
            You are already a member of {c.name}.
          </InlineAlert>
        ) : (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              variant="contained"
              onClick={() => void onAccept()}
              disabled={accepting.isLoading || problem !== null}
            >
              {accepting.isLoading ? 'Joining…' : 'Accept the invite'}
            </Button>
            <Button component={RouterLink} to="/communities">
              Not now
            </Button>
          </Box>
        )}
      </Box>
    </Paper>
  );
}

/** /communities/invite/:token: what the invite leads to, and Accept (or why it cannot be used). */
export function InvitePage() {
  const { token = '' } = useParams();
  const q = useInvitePreviewQuery(token, { skip: token === '' });
  let body: ReactNode;
  if (q.isLoading) body = <LoadingState label="Loading the invite" />;
  else if (q.error || !q.data) {
    const p = inviteProblem(q.error);
    const retry = !isApiError(q.error) || q.error.status >= 500 || q.error.status === 0;
    body = <ErrorState title={p.title} message={p.text} {...(retry ? { onRetry: () => void q.refetch() } : {})} />;
  } else body = <InviteCard token={token} invite={q.data} />;
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 640, mx: 'auto', display: 'grid', gap: 2 }}>
      {body}
      {!q.data && !q.isLoading && (
        <Button component={RouterLink} to="/communities?tab=discover" sx={{ justifySelf: 'center' }}>
          Discover communities
        </Button>
      )}
    </Box>
  );
}

export { InvitePage as Component };
