import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { HelpPost } from '@tradedesk/contracts';
import { useMemo, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { DataTable, type DataTableColumn } from '../../../shared/data-table/data-table';
import { Pager } from '../../../shared/data-table/pager';
import { type Formatters, useFormatters } from '../../../shared/format/format-preferences';
import { formMessage } from '../../../shared/forms/server-errors';
import { toast } from '../../../shared/toast/toast';
import { ListSelect } from '../../helpcenter/posts/post-list-view';
import { useDeleteHelpPostMutation, useHelpPostsQuery } from '../../helpcenter/posts/posts-api';
import { ConfirmDialog } from '../../settings/components/confirm-dialog';
import { TRIAGE_LIMIT } from '../triage/triage-section';
import { KIND_NOUN, PublishDialog, type PublishKind } from './publish-dialog';

const KINDS: PublishKind[] = ['announcement', 'update', 'tutorial'];
const KIND_LABELS = { announcement: 'Announcements', update: 'Updates (changelog)', tutorial: 'Tutorials' };

function columnsOf(
  kind: PublishKind,
  f: Formatters,
  actions: { edit: (p: HelpPost) => void; remove: (p: HelpPost) => void },
): DataTableColumn<HelpPost>[] {
  const columns: DataTableColumn<HelpPost>[] = [
    { id: 'title', header: 'Title', value: (p) => p.title, hideable: false, width: 320 },
    {
      id: 'created',
      header: 'Published',
      value: (p) => new Date(p.createdAt),
      format: (p) => f.dateTime(p.createdAt),
      width: 180,
    },
    { id: 'likes', header: 'Likes', value: (p) => p.likeCount, numeric: true, width: 80 },
    { id: 'comments', header: 'Comments', value: (p) => p.commentCount, numeric: true, width: 100 },
  ];
  if (kind === 'update') {
    columns.splice(1, 0, { id: 'version', header: 'Version', value: (p) => p.version, width: 100 });
    columns.push({
      id: 'shipped',
      header: 'Requests shipped',
      value: (p) => p.featureIds.length,
      numeric: true,
      width: 150,
    });
  }
  if (kind === 'tutorial') columns.push({ id: 'video', header: 'Video', value: (p) => p.videoUrl, width: 220 });
  columns.push({
    id: 'actions',
    header: 'Actions',
    headerHidden: true,
    value: () => null,
    sortable: false,
    exported: false,
    width: 170,
    render: (p) => (
      <Stack direction="row" spacing={0.5}>
        <Button size="small" onClick={() => actions.edit(p)} aria-label={`Edit “${p.title}”`}>
          Edit
        </Button>
        <Button size="small" color="error" onClick={() => actions.remove(p)} aria-label={`Delete “${p.title}”`}>
          Delete
        </Button>
      </Stack>
    ),
  });
  return columns;
}

/** Staff console: announcements, updates (the changelog, with their version and shipped requests) and tutorials. */
export function PublishingSection() {
  const f = useFormatters();
  const [kind, setKind] = useState<PublishKind>('announcement');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ post: HelpPost | null } | null>(null);
  const [deleting, setDeleting] = useState<HelpPost | null>(null);
  const [remove, removal] = useDeleteHelpPostMutation();
  const { data, isLoading, isError, isFetching, refetch } = useHelpPostsQuery({ kind, page, limit: TRIAGE_LIMIT });
  const columns = useMemo(
    () => columnsOf(kind, f, { edit: (post) => setEditing({ post }), remove: setDeleting }),
    [kind, f],
  );
  const rows = data?.items ?? [];
  const noun = KIND_NOUN[kind];
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <ListSelect
          label="Show"
          value={kind}
          options={KINDS}
          labels={KIND_LABELS}
          onChange={(v) => {
            setKind(v as PublishKind);
            setPage(1);
          }}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" onClick={() => setEditing({ post: null })}>
          New {noun}
        </Button>
      </Stack>
      <DataTable
        label={KIND_LABELS[kind]}
        columns={columns}
        rows={rows}
        getRowId={(p) => p.id}
        status={isLoading ? 'loading' : isError ? 'error' : 'ready'}
        error={{ title: 'The posts could not be loaded.', onRetry: () => void refetch() }}
        empty={{ title: `No ${noun}s yet.`, description: `Publish one with “New ${noun}”.` }}
        onRowActivate={(post) => setEditing({ post })}
        persistKey={`staff.publishing.${kind}`}
        height={Math.min(640, 120 + Math.max(rows.length, 3) * 40)}
      />
      {data && <Pager page={page} limit={data.limit} total={data.total} busy={isFetching} onPage={setPage} />}
      {editing && <PublishDialog kind={kind} post={editing.post} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={`Delete this ${noun}?`}
        confirmLabel={`Delete ${noun}`}
        busy={removal.isLoading}
        error={removal.error && isApiError(removal.error) ? formMessage(removal.error) : null}
        onClose={() => {
          setDeleting(null);
          removal.reset();
        }}
        onConfirm={async () => {
          if (!deleting) return;
          const result = await remove({ kind, id: deleting.id });
          if (!('error' in result)) {
            toast.success(`The ${noun} was deleted.`);
            setDeleting(null);
          }
        }}
      >
        “{deleting?.title}” and its comments are removed from the help center. This cannot be undone.
      </ConfirmDialog>
    </Box>
  );
}
