import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Community } from '@tradedesk/contracts';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import type { WsClient } from '../../../shared/ws/ws-client';
import { useCommunityByHandleQuery } from '../community-api';
import { CommunityAbout } from './community-about';
import { CommunityChannels } from './community-channels';
import { CommunityFeed } from './community-feed';
import { CommunityHeader } from './community-header';
import { CommunityMembers } from './community-members';
import { COMMUNITY_TAB_LABELS, type CommunityTab, tabOf, visibleTabs } from './community-tabs';
import { useRulesGate } from './rules-dialog';
import { useCommunityLive } from './use-community-live';

function LimitedNotice(props: { community: Community }) {
  const c = props.community;
  return (
    <Paper
      variant="outlined"
      role="status"
      sx={{ p: 3, display: 'grid', justifyItems: 'center', gap: 1, textAlign: 'center' }}
    >
      <LockOutlined aria-hidden />
      <Typography component="h2" variant="h6">
        This community is private.
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {c.membership === 'requested'
          ? 'Your join request is waiting: once a moderator accepts it you see its feed, channels and members.'
          : c.membership === 'banned'
            ? 'You are banned from this community.'
            : 'Only its members see its feed, channels and members. Ask to join to take part.'}
      </Typography>
    </Paper>
  );
}

function CommunityView(props: { community: Community; client?: WsClient }) {
  const c = props.community;
  const [search] = useSearchParams();
  const tab = tabOf(search, c.limited);
  const gate = useRulesGate(c);
  useCommunityLive(c.id, props.client);
  const hrefOf = (t: CommunityTab) => (t === 'feed' ? '?' : `?tab=${t}`);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <CommunityHeader community={c} />
      {c.limited && <LimitedNotice community={c} />}
      <Box>
        <Tabs value={tab} aria-label="Community sections" variant="scrollable" sx={{ mb: 2 }}>
          {visibleTabs(c.limited).map((t) => (
            <Tab key={t} value={t} label={COMMUNITY_TAB_LABELS[t]} component={RouterLink} to={hrefOf(t)} />
          ))}
        </Tabs>
        <Box role="tabpanel" aria-label={COMMUNITY_TAB_LABELS[tab]}>
          {tab === 'feed' && <CommunityFeed community={c} guard={gate.guard} />}
          {tab === 'channels' && <CommunityChannels community={c} gate={gate} client={props.client} />}
          {tab === 'members' && <CommunityMembers community={c} />}
          {tab === 'about' && <CommunityAbout community={c} />}
        </Box>
      </Box>
      {gate.dialog}
    </Box>
  );
}

function PageError(props: { error: unknown; onRetry: () => void }) {
  if (isApiError(props.error) && props.error.status === 404)
    return (
      <ErrorState
        title="This community was not found."
        message="Its address may have changed, or it is not available to you."
        onRetry={undefined}
      />
    );
  return (
    <ErrorState
      title="The community could not be loaded."
      message={isApiError(props.error) ? props.error.message : undefined}
      onRetry={props.onRetry}
    />
  );
}

/** /communities/:handle: the community page (tabs in the query: `?tab=feed|channels|members|about&channel=<id>`). */
export function CommunityPage(props: { client?: WsClient }) {
  const { handle = '' } = useParams();
  const q = useCommunityByHandleQuery(handle, { skip: !handle });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100, mx: 'auto', display: 'grid', gap: 2 }}>
      {q.isLoading ? (
        <LoadingState label="Loading the community" />
      ) : q.error || !q.data ? (
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'center' }}>
          <PageError error={q.error} onRetry={() => void q.refetch()} />
          <Button component={RouterLink} to="/communities">
            Back to communities
          </Button>
        </Box>
      ) : (
        <CommunityView key={q.data.id} community={q.data} client={props.client} />
      )}
    </Box>
  );
}

export const Component = CommunityPage;
