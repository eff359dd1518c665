import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Invoice, InvoiceStatus } from '@tradedesk/contracts';
import { useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../shared/data-table/data-table';
import { type Formatters, useFormatters } from '../../../shared/format/format-preferences';
import { SettingsSection } from '../../settings/components/settings-section';
import { invoiceDownloadUrl, useInvoicesQuery } from './invoices-api';

export const INVOICES_PAGE_SIZE = 50;

const statusLabels: Record<InvoiceStatus, { label: string; color: 'success' | 'warning' | 'default' | 'info' }> = {
  paid: { label: 'Paid', color: 'success' },
  open: { label: 'Open', color: 'warning' },
  void: { label: 'Void', color: 'default' },
  refunded: { label: 'Refunded', color: 'info' },
};

/** A paid invoice with part of it refunded says so. */
function statusOf(i: Invoice): { label: string; color: 'success' | 'warning' | 'default' | 'info' } {
  if (i.status === 'paid' && Number(i.refunded) > 0) return { label: 'Partly refunded', color: 'info' };
  return statusLabels[i.status];
}

function vatText(invoice: Invoice, f: Formatters): string {
  if (invoice.reverseCharge) return 'Reverse charge';
  return `${f.money(Number(invoice.tax), invoice.currency)} (${invoice.taxRatePercent}%)`;
}

function columnsOf(f: Formatters): DataTableColumn<Invoice>[] {
  return [
    {
      id: 'number',
      header: 'Number',
      value: (i) => i.number,
      hideable: false,
      width: 170,
      render: (i) => (
        <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
          {i.number}
          {i.testMode && <Chip size="small" color="warning" variant="outlined" label="Test mode" />}
        </Box>
      ),
    },
    { id: 'issued', header: 'Date', value: (i) => new Date(i.issuedAt), format: (i) => f.date(i.issuedAt), width: 120 },
    {
      id: 'period',
      header: 'Period',
      value: (i) => new Date(i.periodStart),
      format: (i) => `${f.date(i.periodStart)} – ${f.date(i.periodEnd)}`,
      width: 220,
    },
    {
      id: 'status',
      header: 'Status',
      value: (i) => statusOf(i).label,
      render: (i) => <Chip size="small" color={statusOf(i).color} label={statusOf(i).label} />,
      width: 130,
    },
    { id: 'vat', header: 'VAT', value: (i) => Number(i.tax), format: (i) => vatText(i, f), numeric: true, width: 150 },
    {
      id: 'total',
      header: 'Total',
      value: (i) => Number(i.total),
      format: (i) => f.money(Number(i.total), i.currency),
      numeric: true,
      width: 120,
    },
    {
      id: 'download',
      header: 'Download',
      headerHidden: true,
      value: () => null,
      sortable: false,
      exported: false,
      width: 110,
      render: (i) => (
        <Link
          href={invoiceDownloadUrl(i.id)}
          download={`${i.number}.pdf`}
          aria-label={`Download invoice ${i.number} (PDF)`}
        >
          PDF
        </Link>
      ),
    },
  ];
}

/** "Invoices" on the plan and billing overview: every invoice of the user, with its PDF. */
export function InvoicesSection() {
  const f = useFormatters();
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, isFetching, refetch } = useInvoicesQuery({ page, limit: INVOICES_PAGE_SIZE });
  const columns = useMemo(() => columnsOf(f), [f]);
  const rows = data?.invoices ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / INVOICES_PAGE_SIZE)) : 1;
  const testMode = rows.some((i) => i.testMode);
  return (
    <SettingsSection
      title="Invoices"
      description={
        testMode
          ? 'Invoices marked "Test mode" were issued by the built-in test payment provider: no money was charged.'
          : 'Your invoices, newest first. Download any of them as a PDF.'
      }
    >
      <DataTable
        label="Invoices"
        columns={columns}
        rows={rows}
        getRowId={(i) => i.id}
        status={isLoading ? 'loading' : isError ? 'error' : 'ready'}
        error={{ title: 'Your invoices could not be loaded.', onRetry: () => void refetch(), retrying: isFetching }}
        empty={{ title: 'No invoices yet.', description: 'An invoice is issued for every payment of your plan.' }}
        persistKey="billing.invoices"
        height={Math.min(480, 96 + Math.max(rows.length, 3) * 40)}
      />
      {pages > 1 && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
          <Button size="small" disabled={page <= 1 || isFetching} onClick={() => setPage((p) => p - 1)}>
            Previous page
          </Button>
          <Typography variant="body2">
            Page {page} of {pages}
          </Typography>
          <Button size="small" disabled={page >= pages || isFetching} onClick={() => setPage((p) => p + 1)}>
            Next page
          </Button>
        </Box>
      )}
    </SettingsSection>
  );
}
