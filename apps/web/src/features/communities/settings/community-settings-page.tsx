import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Community } from '@tradedesk/contracts';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { isApiError } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { selectCurrentUser } from '../../auth';
import { useCommunityByHandleQuery } from '../community-api';
import { SETTINGS_TAB_LABELS, type SettingsTab, tabOf, visibleTabs } from './settings-tabs';
import { AuditTab } from './tabs/audit-tab';
import { ChannelsTab } from './tabs/channels-tab';
import { DisplayTab } from './tabs/display-tab';
import { InvitesTab } from './tabs/invites-tab';
import { MembersTab } from './tabs/members-tab';
import { OverallTab } from './tabs/overall-tab';
import { RolesTab } from './tabs/roles-tab';
import { RulesLinksTab } from './tabs/rules-links-tab';

const communityPath = (handle: string) => `/communities/${encodeURIComponent(handle)}`;

function TabPanel(props: { tab: SettingsTab; community: Community; isOwner: boolean; myId: string }) {
  const c = props.community;
  switch (props.tab) {
    case 'overall':
      return <OverallTab community={c} isOwner={props.isOwner} />;
    case 'members':
      return <MembersTab community={c} myId={props.myId} />;
    case 'invites':
      return <InvitesTab community={c} myId={props.myId} />;
    case 'display':
      return <DisplayTab community={c} />;
    case 'roles':
      return <RolesTab community={c} />;
    case 'rules':
      return <RulesLinksTab community={c} />;
    case 'channels':
      return <ChannelsTab community={c} />;
    case 'audit':
      return <AuditTab community={c} />;
  }
}

function SettingsView(props: { community: Community; myId: string }) {
  const c = props.community;
  const [search] = useSearchParams();
  const tabs = visibleTabs(c.myPermissions);
  const tab = tabOf(search, tabs);
  const back = (
    <Button component={RouterLink} to={communityPath(c.handle)} startIcon={<ArrowBack />} size="small">
      Back to {c.name}
    </Button>
  );
  if (!tab)
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <EmptyState
          title="You cannot manage this community."
          description="Its settings are for members whose roles let them manage the community, its members, roles, rules, channels or audit log."
          action={back}
        />
      </Box>
    );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            Settings of {c.name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            @{c.handle}
          </Typography>
        </Box>
        {back}
      </Box>
      <Tabs value={tab} aria-label="Community settings" variant="scrollable" allowScrollButtonsMobile>
        {tabs.map((t) => (
          <Tab key={t} value={t} label={SETTINGS_TAB_LABELS[t]} component={RouterLink} to={`?tab=${t}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-label={SETTINGS_TAB_LABELS[tab]}>
        <TabPanel key={tab} tab={tab} community={c} isOwner={c.owner.id === props.myId} myId={props.myId} />
      </Box>
    </Box>
  );
}

/** /communities/:handle/settings (`?tab=overall|members|invites|display|roles|rules|channels|audit`). */
export function Component() {
  const { handle = '' } = useParams();
  const me = useAppSelector(selectCurrentUser);
  const q = useCommunityByHandleQuery(handle, { skip: handle === '' });
  let body: React.ReactNode;
  if (q.isLoading || !me) body = <LoadingState label="Loading the community settings" />;
  else if (q.error || !q.data)
    body =
      isApiError(q.error) && q.error.status === 404 ? (
        <ErrorState
          title="This community was not found."
          message="It may have been renamed, deleted, or is not available to you."
        />
      ) : (
        <ErrorState
          title="The community could not be loaded."
          message={isApiError(q.error) ? q.error.message : undefined}
          onRetry={() => void q.refetch()}
          retrying={q.isFetching}
        />
      );
  else body = <SettingsView community={q.data} myId={me.id} />;
  return <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100, mx: 'auto', display: 'grid', gap: 2 }}>{body}</Box>;
}
