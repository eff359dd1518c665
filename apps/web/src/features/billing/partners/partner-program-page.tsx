import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  type AffiliateDetails,
  type AffiliateQuestions,
  type AffiliateRequestBody,
  affiliateRequestBodySchema,
} from '@tradedesk/contracts';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../shared/api/api-error';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { SettingsSection } from '../../settings/components/settings-section';
import {
  useAffiliateApplicationQuery,
  useAffiliateDetailsQuery,
  useAffiliateQuestionsQuery,
  useRequestAffiliateMutation,
} from './partners-api';

const TITLE = 'Refer traders';
const DESCRIPTION = 'Share your link; earn commission on what the traders you bring pay.';

/**
 * The partner program panel (spec section 2, default tab overview). Not a partner: the application form (the
 * details' 404 "You are not an affiliate" is silent); pending: the status; approved: overview, link and payouts.
 */
export function PartnerProgramPage() {
  const details = useAffiliateDetailsQuery();
  const notPartner = isApiError(details.error) && details.error.status === 404;
  const application = useAffiliateApplicationQuery(undefined, { skip: !notPartner });

  let body: ReactNode;
  if (details.data) body = <PartnerDashboard details={details.data} />;
  else if (details.isLoading || (notPartner && application.isLoading)) body = <LoadingState label="Loading" />;
  else if (!notPartner || application.isError) {
    body = <InlineAlert severity="error">The partner program could not be loaded. Please try again later.</InlineAlert>;
  } else if (application.data?.application?.status === 'pending') {
    const since = new Date(application.data.application.createdAt).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    body = (
      <InlineAlert severity="info">
        Your application is under review (sent {since}). We will let you know once it is decided.
      </InlineAlert>
    );
  } else {
    body = <ApplicationForm rejected={application.data?.application?.status === 'rejected'} />;
  }
  return (
    <SettingsSection title={TITLE} description={DESCRIPTION}>
      {body}
    </SettingsSection>
  );
}

function ApplicationForm(props: { rejected: boolean }) {
  const questions = useAffiliateQuestionsQuery();
  const [request] = useRequestAffiliateMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AffiliateRequestBody>({
    resolver: zodResolver(affiliateRequestBodySchema),
    defaultValues: { answers: { promotion: '', audience: '', website: '' } },
  });
  const { errors, isSubmitting } = form.formState;
  if (questions.isLoading) return <LoadingState label="Loading" />;
  const list: AffiliateQuestions['questions'] = questions.data?.questions ?? [];

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await request(values).unwrap();
    } catch (error) {
      const names = list.map((q) => `answers.${q.id}` as 'answers.promotion');
      setFormError(applyServerErrors(error, names, form.setError));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Apply to the partner program">
      {props.rejected && (
        <InlineAlert severity="warning" sx={{ mt: 0, mb: 2 }}>
          Your previous application was not approved. You may apply again.
        </InlineAlert>
      )}
      {formError && (
        <InlineAlert severity="error" sx={{ mt: 0, mb: 2 }}>
          {formError}
        </InlineAlert>
      )}
      {list.map((q) => {
        const name = `answers.${q.id}` as 'answers.promotion';
        const error = (errors.answers as Record<string, { message?: string }> | undefined)?.[q.id]?.message;
        return (
          <FormTextField
            key={q.id}
            label={q.label}
            required={q.required}
            maxLength={q.maxLength}
            error={error}
            {...form.register(name)}
          />
        );
      })}
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={isSubmitting || list.length === 0}>
          Apply
        </Button>
      </Box>
    </form>
  );
}

function money(amount: string, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(amount));
}

function Stat(props: { label: string; value: string | number }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {props.label}
      </Typography>
      <Typography variant="h6" component="p">
        {props.value}
      </Typography>
    </Box>
  );
}

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'link', label: 'Referral link' },
  { id: 'payouts', label: 'Payouts' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function PartnerDashboard(props: { details: AffiliateDetails }) {
  const d = props.details;
  const [tab, setTab] = useState<TabId>('overview');
  return (
    <>
      <Tabs value={tab} onChange={(_e, v: TabId) => setTab(v)} aria-label="Partner program" sx={{ mb: 2 }}>
        {TABS.map((t) => (
          <Tab key={t.id} value={t.id} label={t.label} id={`partner-tab-${t.id}`} aria-controls="partner-panel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="partner-panel" aria-labelledby={`partner-tab-${tab}`}>
        {tab === 'overview' && <Overview details={d} />}
        {tab === 'link' && <ReferralLink details={d} />}
        {tab === 'payouts' && <Payouts details={d} />}
      </Box>
    </>
  );
}

function Overview(props: { details: AffiliateDetails }) {
  const d = props.details;
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Stat label="Clicks" value={d.clicks} />
        <Stat label="Sign-ups" value={d.sign_ups} />
        <Stat label="Paying customers" value={d.paying_customers} />
      </Stack>
      <Table size="small" aria-label="Earnings">
        <TableHead>
          <TableRow>
            <TableCell>Currency</TableCell>
            <TableCell align="right">Pending</TableCell>
            <TableCell align="right">Payable</TableCell>
            <TableCell align="right">Paid out</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {d.earnings.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4}>No earnings yet.</TableCell>
            </TableRow>
          ) : (
            d.earnings.map((e) => (
              <TableRow key={e.currency}>
                <TableCell>{e.currency}</TableCell>
                <TableCell align="right">{money(e.pending, e.currency)}</TableCell>
                <TableCell align="right">{money(e.payable, e.currency)}</TableCell>
                <TableCell align="right">{money(e.paid, e.currency)}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        You earn {d.commission_percent} % of what the traders you refer pay in their first {d.commission_months} months.
        A sign-up counts when it comes within {d.attribution_days} days of a click on your link. Commission stays
        pending for {d.hold_days} days (a refund takes it back), then becomes payable.
      </Typography>
    </Stack>
  );
}

function CopyRow(props: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box sx={{ flex: 1 }}>
        <FormTextField label={props.label} value={props.value} readOnly />
      </Box>
      <Button
        variant="outlined"
        aria-label={`Copy ${props.label.toLowerCase()}`}
        onClick={async () => {
          await navigator.clipboard?.writeText(props.value).catch(() => {});
          setCopied(true);
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </Stack>
  );
}

function ReferralLink(props: { details: AffiliateDetails }) {
  return (
    <Stack spacing={1}>
      <CopyRow label="Referral link" value={props.details.link} />
      <CopyRow label="Referral code" value={props.details.code} />
    </Stack>
  );
}

function Payouts(props: { details: AffiliateDetails }) {
  const rows = props.details.payouts;
  if (rows.length === 0) return <Typography>No payouts yet.</Typography>;
  return (
    <Table size="small" aria-label="Payout history">
      <TableHead>
        <TableRow>
          <TableCell>Date</TableCell>
          <TableCell>Reference</TableCell>
          <TableCell align="right">Amount</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((p) => (
          <TableRow key={p.id}>
            <TableCell>{p.paid_at.slice(0, 10)}</TableCell>
            <TableCell>{p.reference}</TableCell>
            <TableCell align="right">{money(p.amount, p.currency)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
