import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { SocialProfile } from '@tradedesk/contracts';
import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { isApiError } from '../../../shared/api/api-error';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { selectCurrentUser } from '../../auth';
import { PostList } from '../posts/post-list';
import { EditProfileDialog } from './components/edit-profile-dialog';
import { PeopleSearch } from './components/people-search';
import { ProfileHeader } from './components/profile-header';
import { FollowersList, FollowingList, FollowRequestsList } from './components/profile-lists';
import { TrackRecordCard, VerifiedIdeasCard } from './components/track-record-card';
import { useProfileIdByUsernameQuery, useSocialProfileQuery } from './profile-api';
import { directionOf, PROFILE_TAB_LABELS, type ProfileTab, pageOf, tabOf, visibleTabs } from './profile-tabs';

/** Why a limited profile shows only its name, in the viewer's terms. */
export function limitedText(p: SocialProfile): { title: string; text: string } {
  if (p.relation.blocking)
    return { title: `You block @${p.username}.`, text: 'Unblock them to see their profile and posts again.' };
  if (p.visibility === 'nobody') return { title: 'This profile is hidden.', text: 'Its owner shares it with no one.' };
  if (p.relation.requested)
    return {
      title: 'This profile is private.',
      text: 'Your follow request is waiting: once accepted you see its posts, followers and track record.',
    };
  return {
    title: 'This profile is private.',
    text: 'Only the followers it accepts see its posts, followers and track record. Ask to follow to see them.',
  };
}

function LimitedNotice(props: { profile: SocialProfile }) {
  const t = limitedText(props.profile);
  return (
    <Paper
      variant="outlined"
      role="status"
      sx={{ p: 3, display: 'grid', justifyItems: 'center', gap: 1, textAlign: 'center' }}
    >
      <LockOutlined aria-hidden />
      <Typography component="h2" variant="h6">
        {t.title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t.text}
      </Typography>
    </Paper>
  );
}

function ProfileView(props: { profile: SocialProfile }) {
  const p = props.profile;
  const [search, setSearch] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const self = p.relation.self;
  const tab = tabOf(search, { self, limited: p.limited });
  const page = pageOf(search);

  const hrefOf = (next: ProfileTab, extra: Record<string, string> = {}) => {
    const params = new URLSearchParams(extra);
    if (next !== 'post') params.set('tab', next);
    const s = params.toString();
    return s ? `?${s}` : '?';
  };
  const setParams = (next: Record<string, string>) => {
    const params = new URLSearchParams();
    if (tab !== 'post') params.set('tab', tab);
    for (const [k, v] of Object.entries(next)) params.set(k, v);
    setSearch(params);
  };
  const onPage = (n: number) =>
    setParams({ ...(tab === 'requests' ? { direction: directionOf(search) } : {}), page: String(n) });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ProfileHeader profile={p} tabHref={(t) => hrefOf(t)} onEdit={() => setEditing(true)} />
      {p.limited ? (
        <LimitedNotice profile={p} />
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 320px' }, gap: 2 }}>
          <Box sx={{ minWidth: 0 }}>
            <Tabs value={tab} aria-label="Profile sections" variant="scrollable" sx={{ mb: 1 }}>
              {visibleTabs({ self }).map((t) => (
                <Tab key={t} value={t} label={PROFILE_TAB_LABELS[t]} component={RouterLink} to={hrefOf(t)} />
              ))}
            </Tabs>
            <Box role="tabpanel" aria-label={PROFILE_TAB_LABELS[tab]}>
              {tab === 'post' && (
                <PostList
                  source={{ kind: 'profile', profileId: p.id }}
                  emptyText={self ? 'You have not posted yet.' : `${p.displayName} has not posted yet.`}
                />
              )}
              {tab === 'followers' && <FollowersList profileId={p.id} self={self} page={page} onPage={onPage} />}
              {tab === 'following' && <FollowingList profileId={p.id} self={self} page={page} onPage={onPage} />}
              {tab === 'requests' && (
                <FollowRequestsList
                  direction={directionOf(search)}
                  page={page}
                  onPage={onPage}
                  onDirection={(d) => setParams({ direction: d })}
                />
              )}
            </Box>
          </Box>
          <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
            {p.trackRecord ? (
              <TrackRecordCard record={p.trackRecord} />
            ) : (
              self && (
                <Paper variant="outlined" sx={{ p: 2 }}>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    Publish one of your accounts as your track record: Edit profile, then choose it under Track record.
                  </Typography>
                </Paper>
              )
            )}
            {p.verifiedIdeas && <VerifiedIdeasCard stats={p.verifiedIdeas} />}
          </Box>
        </Box>
      )}
      {editing && <EditProfileDialog open profile={p} onClose={() => setEditing(false)} />}
    </Box>
  );
}

function ProfileById(props: { id: string }) {
  const q = useSocialProfileQuery(props.id);
  if (q.isLoading) return <LoadingState label="Loading the profile" />;
  if (q.error || !q.data) return <ProfileError error={q.error} onRetry={() => void q.refetch()} />;
  return <ProfileView profile={q.data} />;
}

function ProfileError(props: { error: unknown; onRetry: () => void }) {
  if (isApiError(props.error) && props.error.status === 404)
    return (
      <ErrorState title="This profile was not found." message="It may have been renamed or is not available to you." />
    );
  return (
    <ErrorState
      title="The profile could not be loaded."
      message={isApiError(props.error) ? props.error.message : undefined}
      onRetry={props.onRetry}
    />
  );
}

function ProfileByUsername(props: { username: string }) {
  const q = useProfileIdByUsernameQuery(props.username);
  if (q.isLoading) return <LoadingState label="Loading the profile" />;
  if (q.error || !q.data) return <ProfileError error={q.error} onRetry={() => void q.refetch()} />;
  return <ProfileById id={q.data} />;
}

/** /community/profile (mine) and /community/profile/:username. */
export function Component() {
  const { username } = useParams();
  const me = useAppSelector(selectCurrentUser);
  const mine = !username || (me !== null && me.username.toLowerCase() === username.toLowerCase());
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100, mx: 'auto', display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          Community
        </Typography>
        <PeopleSearch />
      </Box>
      {mine && me ? (
        <ProfileById key={me.id} id={me.id} />
      ) : username ? (
        <ProfileByUsername key={username} username={username} />
      ) : (
        <LoadingState label="Loading the profile" />
      )}
    </Box>
  );
}
