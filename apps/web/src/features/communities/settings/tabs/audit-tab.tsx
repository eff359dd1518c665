import type { Community } from '@tradedesk/contracts';
import { useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../../shared/data-table/data-table';
import { useFormatters } from '../../../../shared/format/format-preferences';
import { SettingsSection } from '../../../settings/components/settings-section';
import { messageOf, Pager, tableHeight } from '../components/common';
import { type CommunityAuditEntry, useSettingsAuditQuery } from '../settings-api';

const LIMIT = 20;

/** `role.assigned` as people read it: "Role assigned". */
export function actionLabel(action: string): string {
  const text = action.replace('.', ' ').replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Tab Audit log: every moderation and role action, newest first, a page at a time. */
export function AuditTab(props: { community: Community }) {
  const c = props.community;
  const f = useFormatters();
  const [page, setPage] = useState(1);
  const q = useSettingsAuditQuery({ id: c.id, page, limit: LIMIT });
  const columns = useMemo(
    (): DataTableColumn<CommunityAuditEntry>[] => [
      {
        id: 'when',
        header: 'When',
        width: 180,
        value: (e) => new Date(e.createdAt),
        format: (e) => f.dateTime(e.createdAt),
      },
      {
        id: 'actor',
        header: 'By',
        width: 140,
        value: (e) => e.actor?.username ?? '',
        format: (e) => (e.actor ? `@${e.actor.username}` : 'TradeDesk'),
      },
      { id: 'action', header: 'Action', width: 170, value: (e) => e.action, format: (e) => actionLabel(e.action) },
      {
        id: 'target',
        header: 'Member',
        width: 140,
        value: (e) => e.target?.username ?? '',
        format: (e) => (e.target ? `@${e.target.username}` : '—'),
      },
      { id: 'summary', header: 'What happened', width: 380, fill: true, value: (e) => e.summary },
    ],
    [f],
  );
  const rows = q.data?.items ?? [];
  return (
    <SettingsSection title="Audit log" description="Moderation and role actions in this community, newest first.">
      <DataTable
        label="Audit log"
        columns={columns}
        rows={rows}
        getRowId={(e) => e.id}
        height={tableHeight(rows.length, LIMIT)}
        exportName={`${c.handle}-audit-log`}
        status={q.isLoading ? 'loading' : q.isError ? 'error' : 'ready'}
        error={{
          title: 'The audit log could not be loaded.',
          message: messageOf(q.error, ''),
          onRetry: () => void q.refetch(),
        }}
        empty={{ title: 'Nothing logged yet.' }}
      />
      {q.data && <Pager label="Audit log" page={page} limit={q.data.limit} total={q.data.total} onPage={setPage} />}
    </SettingsSection>
  );
}
