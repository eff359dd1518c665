import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Configuration } from '@tradedesk/contracts';
import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, useParams } from 'react-router';
import { tokens } from '../../app/theme';
import { InlineAlert } from '../../shared/states/inline-alert';
import { SettingsNav } from './components/settings-nav';
import { UnsavedChangesProvider } from './components/unsaved-changes-provider';
import { AccountDetailsPage } from './pages/account-details-page';
import { DeleteAccountPage } from './pages/delete-account-page';
import { MyAccountPage } from './pages/my-account-page';
import { NotificationsPage } from './pages/notifications-page';
import { PrivacyPage } from './pages/privacy-page';
import { PublicProfilePage } from './pages/public-profile-page';
import { SecurityPage } from './pages/security-page';
import { useSettingsConfigurationQuery } from './settings-api';
import {
  DEFAULT_SETTINGS_PAGE,
  isSettingsPage,
  type SettingsPageId,
  settingsPages,
  settingsPath,
} from './settings-pages';

// The trading accounts tab brings the data table and the trading api: loaded when opened.
const TradingAccountsPageLazy = lazy(() =>
  import('./pages/trading-accounts-page').then((m) => ({ default: m.TradingAccountsPage })),
);
function TradingAccountsPage() {
  return (
    <Suspense fallback={<LoadingSettings />}>
      <TradingAccountsPageLazy />
    </Suspense>
  );
}

// The rule tab (objectives) brings the objective catalogue and the prop-firm feature: loaded when opened.
const ObjectivesPageLazy = lazy(() => import('./pages/objectives-page').then((m) => ({ default: m.ObjectivesPage })));
function ObjectivesPage() {
  return (
    <Suspense fallback={<LoadingSettings />}>
      <ObjectivesPageLazy />
    </Suspense>
  );
}

// The AI assistant's model settings live with the AI feature: loaded when opened.
const AiModelSettingsLazy = lazy(() =>
  import('../ai/settings/ai-model-settings').then((m) => ({ default: m.AiModelSettings })),
);
function AiAssistantPage() {
  return (
    <Suspense fallback={<LoadingSettings />}>
      <AiModelSettingsLazy />
    </Suspense>
  );
}

// Billing: the plan and billing tabs, and the partner program panel, live with the billing feature.
const PlanBillingPageLazy = lazy(() =>
  import('../billing/subscriptions/plan-billing-page').then((m) => ({ default: m.PlanBillingPage })),
);
function PlanBillingPage() {
  return (
    <Suspense fallback={<LoadingSettings />}>
      <PlanBillingPageLazy />
    </Suspense>
  );
}
const PartnerProgramPageLazy = lazy(() =>
  import('../billing/partners/partner-program-page').then((m) => ({ default: m.PartnerProgramPage })),
);
function PartnerProgramPage() {
  return (
    <Suspense fallback={<LoadingSettings />}>
      <PartnerProgramPageLazy />
    </Suspense>
  );
}

const pageComponents: Record<SettingsPageId, ComponentType<{ config: Configuration }>> = {
  my_account: MyAccountPage,
  public_profile: PublicProfilePage,
  account_details: AccountDetailsPage,
  security: SecurityPage,
  notifications: NotificationsPage,
  trading_accounts: TradingAccountsPage,
  objectives: ObjectivesPage,
  ai_assistant: AiAssistantPage,
  plan_billing: PlanBillingPage,
  partner_program: PartnerProgramPage,
  privacy: PrivacyPage,
  delete_account: DeleteAccountPage,
};

function LoadingSettings() {
  return (
    <Paper variant="outlined" role="status" aria-label="Loading settings" sx={{ p: { xs: 2, sm: 3 } }}>
      <Skeleton width="40%" height={32} sx={{ mb: 2 }} />
      {[0, 1, 2, 3].map((row) => (
        <Box key={row} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mb: 2 }}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Box>
      ))}
    </Paper>
  );
}

function SettingsContent(props: { page: SettingsPageId }) {
  const { data, isLoading, isError, isFetching, refetch } = useSettingsConfigurationQuery();
  if (data) {
    const Page = pageComponents[props.page];
    return <Page key={props.page} config={data} />;
  }
  if (isLoading || !isError) return <LoadingSettings />;
  return (
    <InlineAlert
      severity="error"
      action={
        <Button size="small" onClick={() => void refetch()} disabled={isFetching}>
          Retry
        </Button>
      }
    >
      Your settings could not be loaded. Check your connection and try again.
    </InlineAlert>
  );
}

function SettingsLayout(props: { page: SettingsPageId }) {
  const theme = useTheme();
  // Beside the shell's sidebar the page list only fits from 1200 px; below that it becomes a select.
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const label = settingsPages.find((p) => p.id === props.page)?.label ?? '';
  return (
    // Centred and capped, so at 1536 px the page keeps one reading column beside its list instead of
    // stretching the forms or leaving a gap on one side.
    <Box sx={{ p: { xs: 2, sm: 3, lg: 4 }, maxWidth: 1160, mx: 'auto' }}>
      <Typography
        component="h1"
        variant="h4"
        sx={{ fontWeight: 700, mb: { xs: 2, sm: 3 }, fontSize: { xs: 26, sm: 32 } }}
      >
        Settings
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: wide ? '220px minmax(0, 1fr)' : 'minmax(0, 1fr)',
          gap: wide ? 4 : 2,
        }}
      >
        <Box
          // The page list stays in view while a long page scrolls (under the 56 px top bar).
          sx={wide ? { position: 'sticky', top: tokens.topBarHeight + 24, alignSelf: 'start' } : undefined}
        >
          <SettingsNav page={props.page} variant={wide ? 'list' : 'select'} />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h2" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
            {label}
          </Typography>
          <SettingsContent page={props.page} />
        </Box>
      </Box>
    </Box>
  );
}

/** /settings/:page — the account settings (spec section 2); an unknown or missing page opens my_account. */
export function SettingsPage() {
  const { page } = useParams();
  if (!isSettingsPage(page)) return <Navigate to={settingsPath(DEFAULT_SETTINGS_PAGE)} replace />;
  return (
    <UnsavedChangesProvider>
      <SettingsLayout page={page} />
    </UnsavedChangesProvider>
  );
}

export { SettingsPage as Component };
