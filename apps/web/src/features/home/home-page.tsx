import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { InlineAlert } from '../../shared/states/inline-alert';
import { LoadingState } from '../../shared/states/loading-state';
import { useConfigurationQuery } from '../account/account-api';
import { selectCurrentUser } from '../auth';
import { LazyDashboardTradeWidget } from '../trading/lazy-dashboard-trade-widget';
import { ActiveCharts } from './active-charts';

type HomeTab = 'charts' | 'objectives' | 'account';
const HOME_TABS: readonly HomeTab[] = ['charts', 'objectives', 'account'];
const TAB_KEY = 'tradedesk.home.tab';

// The objectives tab brings the rule engine's figures and the live account channel: loaded when opened.
const ObjectivesTab = lazy(() =>
  import('../prop/components/objectives-tab').then((m) => ({ default: m.ObjectivesTab })),
);

function storedTab(): HomeTab | null {
  try {
    const t = localStorage.getItem(TAB_KEY);
    return HOME_TABS.includes(t as HomeTab) ? (t as HomeTab) : null;
  } catch {
    return null;
  }
}

/** The dashboard's tab: the address's `?tab=` (so a reload or a shared link keeps it), else the last one chosen here. */
function useHomeTab(): [HomeTab, (tab: HomeTab) => void] {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('tab');
  const tab = HOME_TABS.includes(fromUrl as HomeTab) ? (fromUrl as HomeTab) : (storedTab() ?? 'charts');
  const setTab = (next: HomeTab) => {
    try {
      localStorage.setItem(TAB_KEY, next);
    } catch {
      // storage refused (private mode): the address still keeps the tab
    }
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        n.set('tab', next);
        return n;
      },
      { replace: true },
    );
  };
  return [tab, setTab];
}

function formatDate(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date.toLocaleDateString(undefined, { dateStyle: 'long' });
}

/**
 * Home, the dashboard (spec section 2): the user's active charts (their saved charts, the default tab), the
 * objectives (goals) of the active trading account (a prop challenge's rules, live, and the user's own objectives)
 * and the account facts the server holds (GET /customer/configuration). The tab survives a reload.
 */
export function HomePage() {
  const [tab, setTab] = useHomeTab();
  const user = useAppSelector(selectCurrentUser);
  const { data: configuration, isLoading, isError } = useConfigurationQuery();
  const general = configuration?.general;
  const name = `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim() || user?.username || '';

  const facts: [string, string | undefined][] = [
    ['Username', user?.username ? `@${user.username}` : undefined],
    ['Email', user?.email],
    ['Member since', formatDate(user?.createdAt)],
    ['Two-factor authentication', user ? (user.twoFactorEnabled ? 'On' : 'Off') : undefined],
    ['Time zone', general?.timeZone],
    ['Time format', general?.timeFormat === '12h' ? '12-hour' : general ? '24-hour' : undefined],
    ['Phone', general?.phone || undefined],
  ];

  return (
    // The settings pages' width, centred: at 1536 px the facts sit two to a row rather than in a thin strip.
    <Box sx={{ p: { xs: 2, sm: 3, lg: 4 }, maxWidth: 1160, mx: 'auto' }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 0.5, fontSize: { xs: 26, sm: 32 } }}>
        Welcome{name ? `, ${name}` : ''}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>Your charts and account at a glance.</Typography>
      <LazyDashboardTradeWidget />
      <Tabs
        value={tab}
        onChange={(_e, value: HomeTab) => setTab(value)}
        aria-label="Dashboard"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="charts" label="Active charts" id="home-tab-charts" aria-controls="home-panel-charts" />
        <Tab value="objectives" label="Objectives" id="home-tab-objectives" aria-controls="home-panel-objectives" />
        <Tab value="account" label="Account" id="home-tab-account" aria-controls="home-panel-account" />
      </Tabs>
      <Paper
        variant="outlined"
        role="tabpanel"
        id="home-panel-charts"
        aria-labelledby="home-tab-charts"
        hidden={tab !== 'charts'}
        sx={{ p: { xs: 1, sm: 2 } }}
      >
        {tab === 'charts' && <ActiveCharts />}
      </Paper>
      <Paper
        variant="outlined"
        component="section"
        role="tabpanel"
        id="home-panel-objectives"
        aria-labelledby="home-tab-objectives"
        hidden={tab !== 'objectives'}
        sx={{ p: { xs: 1.5, sm: 2 } }}
      >
        {tab === 'objectives' && (
          <Suspense fallback={<LoadingState label="Loading your objectives" />}>
            <ObjectivesTab />
          </Suspense>
        )}
      </Paper>
      <Paper
        variant="outlined"
        component="section"
        role="tabpanel"
        id="home-panel-account"
        aria-labelledby="home-tab-account"
        hidden={tab !== 'account'}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography id="account-facts" component="h2" variant="h6" sx={{ mb: 2 }}>
          Account
        </Typography>
        {isError && (
          <InlineAlert severity="error" sx={{ mt: 0, mb: 2 }}>
            The account settings could not be loaded.
          </InlineAlert>
        )}
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr', lg: 'max-content 1fr max-content 1fr' },
            columnGap: 4,
            rowGap: 1,
          }}
        >
          {facts.map(([label, value]) =>
            value === undefined && !isLoading ? null : (
              <Box key={label} sx={{ display: 'contents' }}>
                <Box component="dt" sx={{ color: 'text.secondary' }}>
                  {label}
                </Box>
                <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
                  {value ?? <Skeleton width={120} />}
                </Box>
              </Box>
            ),
          )}
        </Box>
      </Paper>
    </Box>
  );
}

export { HomePage as Component };
