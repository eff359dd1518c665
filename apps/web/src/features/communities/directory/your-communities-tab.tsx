import Add from '@mui/icons-material/Add';
import Diversity3Outlined from '@mui/icons-material/Diversity3Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { CommunitySummary } from '@tradedesk/contracts';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import { CardGrid, CardItem, CommunityCard } from './community-card';
import { useJoinedCommunitiesQuery, useOwnedCommunitiesQuery, usePinCommunityMutation } from './directory-api';
import { MembershipButton } from './membership-button';

/** Pinned first, the server's order kept otherwise (it sorts pinned then by name; this holds after a pin). */
export function pinnedFirst(items: CommunitySummary[]): CommunitySummary[] {
  return [...items.filter((c) => c.pinned), ...items.filter((c) => !c.pinned)];
}

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={props.title} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography component="h2" variant="h6">
        {props.title}
      </Typography>
      {props.children}
    </Box>
  );
}

/** Your Community: the communities the caller joined (pin to keep at the top), the ones they own, and Create. */
export function YourCommunitiesTab(props: { discoverHref: string }) {
  const joined = useJoinedCommunitiesQuery({});
  const owned = useOwnedCommunitiesQuery({});
  const [pin] = usePinCommunityMutation();
  const [pinning, setPinning] = useState<string | null>(null);

  const togglePin = async (c: CommunitySummary) => {
    setPinning(c.id);
    const r = await pin({ id: c.id, pinned: !c.pinned });
    setPinning(null);
    if ('error' in r)
      toast.error(isApiError(r.error) && r.error.message ? r.error.message : 'The pin was not changed. Try again.');
  };

  if (joined.isLoading) return <LoadingState label="Loading your communities" />;
  if (joined.error || !joined.data)
    return (
      <ErrorState
        title="Your communities could not be loaded."
        message={isApiError(joined.error) ? joined.error.message : undefined}
        onRetry={() => void joined.refetch()}
      />
    );

  const list = pinnedFirst(joined.data.items);
  const ownedList = owned.data?.items ?? [];
  if (list.length === 0 && ownedList.length === 0)
    return (
      <EmptyState
        icon={<Diversity3Outlined fontSize="inherit" />}
        title="You have not joined a community yet."
        description="Find trading groups to join in Discover, or start your own."
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
            <Button variant="outlined" component={RouterLink} to={props.discoverHref}>
              Discover communities
            </Button>
            <Button variant="contained" component={RouterLink} to="/communities/new" startIcon={<Add />}>
              Create a community
            </Button>
          </Box>
        }
      />
    );

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Section title="Joined">
        {list.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            You have not joined another community yet.
          </Typography>
        ) : (
          <CardGrid label="Joined communities">
            {list.map((c) => (
              <CardItem key={c.id}>
                <CommunityCard
                  community={c}
                  action={<MembershipButton community={c} />}
                  onTogglePin={() => void togglePin(c)}
                  pinBusy={pinning === c.id}
                />
              </CardItem>
            ))}
          </CardGrid>
        )}
        {joined.data.total > joined.data.items.length && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Showing {joined.data.items.length} of {joined.data.total}.
          </Typography>
        )}
      </Section>
      {ownedList.length > 0 && (
        <Section title="Owned by you">
          <CardGrid label="Communities you own">
            {ownedList.map((c) => (
              <CardItem key={c.id}>
                <CommunityCard community={c} action={<MembershipButton community={c} />} />
              </CardItem>
            ))}
          </CardGrid>
        </Section>
      )}
    </Box>
  );
}
