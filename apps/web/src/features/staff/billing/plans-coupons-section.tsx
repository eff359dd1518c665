import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { StaffAddon, StaffCoupon, StaffPlan } from '@tradedesk/contracts';
import { useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../shared/data-table/data-table';
import { type Formatters, useFormatters } from '../../../shared/format/format-preferences';
import { ConfirmDialog } from '../../settings/components/confirm-dialog';
import { useDeactivateStaffCouponMutation, useStaffCatalogueQuery, useStaffCouponsQuery } from './billing-staff-api';
import { CatalogueDialog, type Editing } from './catalogue-dialog';
import { CouponDialog } from './coupon-dialog';
import { failureLines } from './failure-lines';

type Entry = StaffPlan | StaffAddon;

const pricesText = (e: Entry) => e.prices.map((p) => `${p.monthly} / ${p.yearly} ${p.currency}`).join(', ') || 'Free';
const tableHeight = (rows: number) => Math.min(600, 96 + Math.max(rows, 3) * 40);

function entryColumns(kind: Editing['kind'], edit: (e: Editing) => void): DataTableColumn<Entry>[] {
  return [
    { id: 'name', header: 'Name', value: (e) => e.name, hideable: false, width: 160 },
    { id: 'id', header: 'Id', value: (e) => e.id, width: 110 },
    { id: 'prices', header: 'Prices (monthly / yearly)', value: pricesText, width: 300 },
    kind === 'plan'
      ? { id: 'trial', header: 'Trial days', value: (e) => (e as StaffPlan).trialDays, width: 100 }
      : { id: 'max', header: 'Max quantity', value: (e) => (e as StaffAddon).maxQuantity, width: 110 },
    { id: 'active', header: 'Offered', value: (e) => (e.active ? 'Yes' : 'No (hidden)'), width: 110 },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      value: () => null,
      sortable: false,
      exported: false,
      width: 90,
      render: (e) => (
        <Button
          size="small"
          aria-label={`Edit ${e.name}`}
          onClick={() => edit(kind === 'plan' ? { kind, entry: e as StaffPlan } : { kind, entry: e as StaffAddon })}
        >
          Edit
        </Button>
      ),
    },
  ];
}

function couponColumns(f: Formatters, deactivate: (c: StaffCoupon) => void): DataTableColumn<StaffCoupon>[] {
  return [
    { id: 'code', header: 'Code', value: (c) => c.code, hideable: false, width: 130 },
    { id: 'terms', header: 'Discount', value: (c) => c.description, width: 220 },
    { id: 'plans', header: 'Plans', value: (c) => (c.planIds.length > 0 ? c.planIds.join(', ') : 'Every plan') },
    {
      id: 'uses',
      header: 'Uses',
      value: (c) => c.uses,
      format: (c) => (c.maxRedemptions === null ? String(c.uses) : `${c.uses} of ${c.maxRedemptions}`),
      width: 90,
    },
    {
      id: 'expires',
      header: 'Expires',
      value: (c) => (c.expiresAt ? new Date(c.expiresAt) : null),
      format: (c) => (c.expiresAt ? f.date(c.expiresAt) : 'Never'),
    },
    { id: 'active', header: 'Status', value: (c) => (c.active ? 'Active' : 'Deactivated'), width: 110 },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      value: () => null,
      sortable: false,
      exported: false,
      width: 120,
      render: (c) =>
        c.active ? (
          <Button size="small" aria-label={`Deactivate ${c.code}`} onClick={() => deactivate(c)}>
            Deactivate
          </Button>
        ) : null,
    },
  ];
}

function DeactivateDialog(props: { coupon: StaffCoupon; onClose: () => void }) {
  const [deactivate, { isLoading, error }] = useDeactivateStaffCouponMutation();
  return (
    <ConfirmDialog
      open
      title={`Deactivate coupon ${props.coupon.code}?`}
      confirmLabel="Deactivate"
      busy={isLoading}
      error={failureLines(error, 'The coupon could not be deactivated.')[0] ?? null}
      onConfirm={async () => {
        const result = await deactivate(props.coupon.code);
        if (!('error' in result)) props.onClose();
      }}
      onClose={props.onClose}
    >
      Nobody can use it any more; subscriptions that already carry it keep their discount. This cannot be undone here.
    </ConfirmDialog>
  );
}

/** "Plans and coupons" (admins): the plans and add-ons with an edit dialog, and the coupons with add and deactivate. */
export function PlansCouponsSection() {
  const f = useFormatters();
  const catalogue = useStaffCatalogueQuery();
  const coupons = useStaffCouponsQuery();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [adding, setAdding] = useState(false);
  const [deactivating, setDeactivating] = useState<StaffCoupon | null>(null);
  const planColumns = useMemo(() => entryColumns('plan', setEditing), []);
  const addonColumns = useMemo(() => entryColumns('addon', setEditing), []);
  const couponCols = useMemo(() => couponColumns(f, setDeactivating), [f]);
  const catalogueStatus = catalogue.isLoading ? 'loading' : catalogue.isError ? 'error' : 'ready';
  const catalogueError = {
    title: 'The plans could not be loaded.',
    onRetry: () => void catalogue.refetch(),
    retrying: catalogue.isFetching,
  };
  const plans = catalogue.data?.plans ?? [];
  const addons = catalogue.data?.addons ?? [];
  const couponRows = coupons.data?.coupons ?? [];
  return (
    <>
      {(
        [
          ['plan', 'Plans', planColumns, plans],
          ['addon', 'Add-ons', addonColumns, addons],
        ] as const
      ).map(([kind, title, columns, rows]) => (
        <Box key={kind} sx={{ mb: 3 }}>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {title}
          </Typography>
          <DataTable<Entry>
            label={title}
            columns={columns}
            rows={rows}
            getRowId={(e) => e.id}
            status={catalogueStatus}
            error={catalogueError}
            empty={{ title: `No ${title.toLowerCase()}.` }}
            persistKey={`staff.${kind}s`}
            height={tableHeight(rows.length)}
          />
        </Box>
      ))}
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography component="h2" variant="h6">
          Coupons
        </Typography>
        <Button variant="outlined" size="small" onClick={() => setAdding(true)}>
          Add coupon
        </Button>
      </Box>
      <DataTable
        label="Coupons"
        columns={couponCols}
        rows={couponRows}
        getRowId={(c) => c.id}
        status={coupons.isLoading ? 'loading' : coupons.isError ? 'error' : 'ready'}
        error={{
          title: 'The coupons could not be loaded.',
          onRetry: () => void coupons.refetch(),
          retrying: coupons.isFetching,
        }}
        empty={{ title: 'No coupons yet.' }}
        persistKey="staff.coupons"
        height={tableHeight(couponRows.length)}
      />
      {editing && <CatalogueDialog editing={editing} onClose={() => setEditing(null)} />}
      {adding && <CouponDialog onClose={() => setAdding(false)} />}
      {deactivating && <DeactivateDialog coupon={deactivating} onClose={() => setDeactivating(null)} />}
    </>
  );
}
