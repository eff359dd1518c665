import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { StaffAuditEntry } from '@tradedesk/contracts';
import { useDeferredValue, useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../shared/data-table/data-table';
import { Pager } from '../../../shared/data-table/pager';
import { type Formatters, useFormatters } from '../../../shared/format/format-preferences';
import { useStaffAuditQuery } from '../staff-api';

export const AUDIT_PAGE_SIZE = 50;

function columnsOf(f: Formatters): DataTableColumn<StaffAuditEntry>[] {
  return [
    {
      id: 'time',
      header: 'When',
      value: (e) => new Date(e.createdAt),
      format: (e) => f.dateTime(e.createdAt),
      width: 170,
    },
    { id: 'actor', header: 'Staff member', value: (e) => e.actorEmail ?? 'Deleted account', width: 220 },
    { id: 'action', header: 'Action', value: (e) => e.action, width: 170 },
    { id: 'target', header: 'Target', value: (e) => (e.targetId ? `${e.targetKind} ${e.targetId}` : e.targetKind) },
    { id: 'summary', header: 'Summary', value: (e) => e.summary, width: 420 },
  ];
}

/** "Audit log": every staff action, newest first, filtered by action and target. */
export function AuditSection() {
  const f = useFormatters();
  const [filters, setFilters] = useState({ action: '', targetKind: '', targetId: '' });
  const [page, setPage] = useState(1);
  const deferred = useDeferredValue(filters);
  const { data, isLoading, isError, isFetching, refetch } = useStaffAuditQuery({
    action: deferred.action.trim(),
    target_kind: deferred.targetKind.trim(),
    target_id: deferred.targetId.trim(),
    page,
    limit: AUDIT_PAGE_SIZE,
  });
  const columns = useMemo(() => columnsOf(f), [f]);
  const rows = data?.items ?? [];
  const filter = (key: keyof typeof filters, label: string, helperText: string) => (
    <TextField
      size="small"
      label={label}
      helperText={helperText}
      value={filters[key]}
      onChange={(event) => {
        setFilters((current) => ({ ...current, [key]: event.target.value }));
        setPage(1);
      }}
    />
  );
  const filtered = Object.values(deferred).some((v) => v.trim() !== '');
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        {filter('action', 'Action', 'Exact, e.g. user.role')}
        {filter('targetKind', 'Target kind', 'e.g. user, bug, coupon')}
        {filter('targetId', 'Target id', 'The id of one item')}
      </Box>
      <DataTable
        label="Audit log"
        columns={columns}
        rows={rows}
        getRowId={(e) => e.id}
        status={isLoading ? 'loading' : isError ? 'error' : 'ready'}
        error={{ title: 'The audit log could not be loaded.', onRetry: () => void refetch(), retrying: isFetching }}
        empty={{
          title: filtered ? 'No staff action matches these filters.' : 'No staff action yet.',
          description: 'Every change made by staff is written here.',
        }}
        persistKey="staff.audit"
        exportName="staff-audit"
        height={Math.min(640, 96 + Math.max(rows.length, 3) * 40)}
      />
      {data && <Pager page={page} limit={AUDIT_PAGE_SIZE} total={data.total} busy={isFetching} onPage={setPage} />}
    </>
  );
}
