import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { HELP_CENTER_TABS } from '@tradedesk/contracts';
import { Link as RouterLink, useParams } from 'react-router';
import { EmptyState } from '../../shared/states/empty-state';
import { helpTabs } from './helpcenter-tabs';
import { HelpSearch } from './search/help-search';

/** The registered tabs in HELP_CENTER_TABS order (a slice not merged yet simply has no tab). */
const orderedTabs = HELP_CENTER_TABS.flatMap((id) => helpTabs.filter((t) => t.id === id));

/**
 * The help center (`/help/:tab?/:id?`): the search across everything, then the tabs of helpcenter-tabs.ts; the
 * address says the tab (docs when none or unknown) and the item it shows.
 */
export function HelpCenterPage() {
  const params = useParams();
  const current = orderedTabs.find((t) => t.id === params.tab) ?? orderedTabs[0];
  const itemId = current && current.id === params.tab ? params.id : undefined;
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2, alignContent: 'start', maxWidth: 1200 }}>
      <Typography variant="h5" component="h1">
        Help center
      </Typography>
      <HelpSearch />
      {current ? (
        <>
          <Tabs
            value={current.id}
            aria-label="Help center sections"
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {orderedTabs.map((t) => (
              <Tab
                key={t.id}
                id={`help-tab-${t.id}`}
                aria-controls="help-tab-panel"
                value={t.id}
                label={t.label}
                component={RouterLink}
                to={`/help/${t.id}`}
              />
            ))}
          </Tabs>
          <Box role="tabpanel" id="help-tab-panel" aria-labelledby={`help-tab-${current.id}`}>
            <current.Component {...(itemId === undefined ? {} : { itemId })} />
          </Box>
        </>
      ) : (
        <EmptyState title="The help center has no sections yet." />
      )}
    </Box>
  );
}
export { HelpCenterPage as Component };
