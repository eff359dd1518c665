import Box from '@mui/material/Box';
import type { QuickFeedback } from '@tradedesk/contracts';
import { useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../shared/data-table/data-table';
import { Pager } from '../../../shared/data-table/pager';
import { type Formatters, useFormatters } from '../../../shared/format/format-preferences';
import { useQuickFeedbackQuery } from '../../helpcenter/posts/posts-api';
import { TRIAGE_LIMIT } from './triage-section';

function columnsOf(f: Formatters): DataTableColumn<QuickFeedback>[] {
  return [
    {
      id: 'created',
      header: 'Sent',
      value: (q) => new Date(q.createdAt),
      format: (q) => f.dateTime(q.createdAt),
      width: 180,
    },
    {
      id: 'rating',
      header: 'Rating',
      value: (q) => q.rating,
      format: (q) => (q.rating ? `${q.rating} of 5` : '—'),
      numeric: true,
      width: 90,
    },
    { id: 'message', header: 'Feedback', value: (q) => q.message, hideable: false, width: 420 },
    { id: 'page', header: 'Page', value: (q) => q.page, width: 200 },
    { id: 'author', header: 'From', value: (q) => q.author.name, width: 160 },
  ];
}

/** Staff console: the quick feedback users send from the account menu, newest first. */
export function FeedbackSection() {
  const f = useFormatters();
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, isFetching, refetch } = useQuickFeedbackQuery({ page, limit: TRIAGE_LIMIT });
  const columns = useMemo(() => columnsOf(f), [f]);
  const rows = data?.items ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <DataTable
        label="Quick feedback"
        columns={columns}
        rows={rows}
        getRowId={(q) => q.id}
        status={isLoading ? 'loading' : isError ? 'error' : 'ready'}
        error={{ title: 'The feedback could not be loaded.', onRetry: () => void refetch() }}
        empty={{ title: 'No feedback yet.', description: 'What users send with “Send feedback” shows here.' }}
        persistKey="staff.feedback"
        exportName="feedback"
        height={Math.min(640, 120 + Math.max(rows.length, 3) * 40)}
      />
      {data && <Pager page={page} limit={data.limit} total={data.total} busy={isFetching} onPage={setPage} />}
    </Box>
  );
}
