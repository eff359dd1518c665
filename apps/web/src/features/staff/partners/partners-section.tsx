import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { AffiliateStatus, StaffAffiliate, StaffPayoutBody } from '@tradedesk/contracts';
import { useId, useMemo, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { DataTable, type DataTableColumn } from '../../../shared/data-table/data-table';
import { type Formatters, useFormatters } from '../../../shared/format/format-preferences';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { ConfirmDialog } from '../../settings/components/confirm-dialog';
import { useDecideAffiliateMutation, usePayAffiliateMutation, useStaffAffiliatesQuery } from './partners-staff-api';

type Filter = AffiliateStatus | 'all';
type Acting =
  | { affiliate: StaffAffiliate; action: 'approve' | 'reject' }
  | { affiliate: StaffAffiliate; action: 'pay'; currency: string };

const statusLabels: Record<AffiliateStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

const failureOf = (error: unknown, fallback: string) =>
  error ? (isApiError(error) && error.message ? error.message : fallback) : null;

function columnsOf(f: Formatters, act: (a: Acting) => void): DataTableColumn<StaffAffiliate>[] {
  return [
    { id: 'email', header: 'E-mail', value: (a) => a.email, hideable: false, width: 240 },
    { id: 'username', header: 'Username', value: (a) => a.username, width: 140 },
    { id: 'status', header: 'Status', value: (a) => statusLabels[a.status], width: 100 },
    {
      id: 'answers',
      header: 'Answers',
      value: (a) => Object.values(a.answers).join(' · '),
      width: 300,
    },
    { id: 'code', header: 'Code', value: (a) => a.code ?? '', width: 110 },
    {
      id: 'payable',
      header: 'Payable',
      value: (a) => a.payable.map((p) => f.money(Number(p.amount), p.currency)).join(', '),
      width: 140,
    },
    { id: 'applied', header: 'Applied', value: (a) => new Date(a.createdAt), format: (a) => f.date(a.createdAt) },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      value: () => null,
      sortable: false,
      exported: false,
      width: 240,
      render: (a) => (
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          {a.status === 'pending' && (
            <>
              <Button
                size="small"
                onClick={() => act({ affiliate: a, action: 'approve' })}
                aria-label={`Approve ${a.email}`}
              >
                Approve
              </Button>
              <Button
                size="small"
                onClick={() => act({ affiliate: a, action: 'reject' })}
                aria-label={`Reject ${a.email}`}
              >
                Reject
              </Button>
            </>
          )}
          {a.payable
            .filter((p) => Number(p.amount) > 0)
            .map((p) => (
              <Button
                key={p.currency}
                size="small"
                onClick={() => act({ affiliate: a, action: 'pay', currency: p.currency })}
                aria-label={`Pay out ${p.currency} to ${a.email}`}
              >
                Pay out {p.currency}
              </Button>
            ))}
        </Box>
      ),
    },
  ];
}

function DecideDialog(props: { affiliate: StaffAffiliate; action: 'approve' | 'reject'; onClose: () => void }) {
  const [decide, { isLoading, error }] = useDecideAffiliateMutation();
  const approve = props.action === 'approve';
  return (
    <ConfirmDialog
      open
      title={approve ? 'Approve this partner?' : 'Reject this application?'}
      confirmLabel={approve ? 'Approve' : 'Reject'}
      busy={isLoading}
      error={failureOf(error, 'The decision could not be saved.')}
      onConfirm={async () => {
        const result = await decide({ id: props.affiliate.id, decision: props.action });
        if (!('error' in result)) props.onClose();
      }}
      onClose={props.onClose}
    >
      {approve
        ? `${props.affiliate.email} gets a referral code and earns commission on the customers they refer.`
        : `${props.affiliate.email} is told the application was not approved.`}
    </ConfirmDialog>
  );
}

function PayoutDialog(props: { affiliate: StaffAffiliate; currency: string; onClose: () => void }) {
  const f = useFormatters();
  const titleId = useId();
  const [reference, setReference] = useState('');
  const [pay, { isLoading, error }] = usePayAffiliateMutation();
  const amount = props.affiliate.payable.find((p) => p.currency === props.currency)?.amount ?? '0';
  const failure = failureOf(error, 'The payout could not be recorded.');
  return (
    <Dialog open onClose={isLoading ? undefined : props.onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Pay out {props.currency}?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Records a payout of {f.money(Number(amount), props.currency)} to {props.affiliate.email} and tells them. Send
          the transfer first, then enter its reference.
        </DialogContentText>
        <TextField
          fullWidth
          required
          label="Transfer reference"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        {failure && (
          <InlineAlert severity="error" sx={{ mt: 2 }}>
            {failure}
          </InlineAlert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={isLoading || reference.trim() === ''}
          onClick={async () => {
            const result = await pay({
              id: props.affiliate.id,
              currency: props.currency as StaffPayoutBody['currency'],
              reference: reference.trim(),
            });
            if (!('error' in result)) props.onClose();
          }}
        >
          Record payout
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** "Partners": partner program applications to approve or reject, and payouts of what is payable. */
export function PartnersSection() {
  const f = useFormatters();
  const [filter, setFilter] = useState<Filter>('pending');
  const [acting, setActing] = useState<Acting | null>(null);
  const { data, isLoading, isError, isFetching, refetch } = useStaffAffiliatesQuery(
    filter === 'all' ? {} : { status: filter },
  );
  const columns = useMemo(() => columnsOf(f, setActing), [f]);
  const rows = data?.affiliates ?? [];
  return (
    <>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={filter}
        onChange={(_e, value: Filter | null) => value && setFilter(value)}
        aria-label="Applications to show"
        sx={{ mb: 2 }}
      >
        <ToggleButton value="pending">Pending</ToggleButton>
        <ToggleButton value="approved">Approved</ToggleButton>
        <ToggleButton value="rejected">Rejected</ToggleButton>
        <ToggleButton value="all">All</ToggleButton>
      </ToggleButtonGroup>
      <DataTable
        label="Partner applications"
        columns={columns}
        rows={rows}
        getRowId={(a) => a.id}
        status={isLoading ? 'loading' : isError ? 'error' : 'ready'}
        error={{ title: 'The partners could not be loaded.', onRetry: () => void refetch(), retrying: isFetching }}
        empty={{ title: filter === 'pending' ? 'No application waits for a decision.' : 'No partners here.' }}
        persistKey="staff.partners"
        height={Math.min(600, 96 + Math.max(rows.length, 3) * 40)}
      />
      {acting?.action === 'pay' && (
        <PayoutDialog affiliate={acting.affiliate} currency={acting.currency} onClose={() => setActing(null)} />
      )}
      {acting && acting.action !== 'pay' && (
        <DecideDialog affiliate={acting.affiliate} action={acting.action} onClose={() => setActing(null)} />
      )}
    </>
  );
}
