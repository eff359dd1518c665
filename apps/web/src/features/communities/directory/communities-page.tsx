import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  DIRECTORY_TAB_LABELS,
  DIRECTORY_TABS,
  type DiscoverView,
  directoryTabOf,
  discoverParamsOf,
  discoverViewOf,
} from './directory-url';
import { DiscoverTab } from './discover-tab';
import { YourCommunitiesTab } from './your-communities-tab';

const DISCOVER_HREF = '/communities?tab=discover';

/** /communities: Your Community (the main tab) and Discover; the tab, search, category and page are in the address. */
export function CommunitiesPage() {
  const [params, setParams] = useSearchParams();
  const tab = directoryTabOf(params);
  const view = useMemo(() => discoverViewOf(params), [params]);
  const onDiscover = useCallback((next: DiscoverView) => setParams(discoverParamsOf(next)), [setParams]);

  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1200, mx: 'auto', display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h5" sx={{ flex: 1 }}>
          Communities
        </Typography>
        <Button variant="contained" component={RouterLink} to="/communities/new" startIcon={<Add />}>
          Create a community
        </Button>
      </Box>
      <Tabs value={tab} aria-label="Communities sections">
        {DIRECTORY_TABS.map((t) => (
          <Tab
            key={t}
            value={t}
            label={DIRECTORY_TAB_LABELS[t]}
            component={RouterLink}
            to={t === 'discover' ? DISCOVER_HREF : '/communities'}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-label={DIRECTORY_TAB_LABELS[tab]}>
        {tab === 'yours' ? (
          <YourCommunitiesTab discoverHref={DISCOVER_HREF} />
        ) : (
          <DiscoverTab view={view} onChange={onDiscover} />
        )}
      </Box>
    </Box>
  );
}

export { CommunitiesPage as Component };
