import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BUG_STATUSES, FEATURE_FILTERS, FEATURE_STATUSES, type HelpPost } from '@tradedesk/contracts';
import { type FormEvent, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { DataTable, type DataTableColumn } from '../../../shared/data-table/data-table';
import { Pager } from '../../../shared/data-table/pager';
import { type Formatters, useFormatters } from '../../../shared/format/format-preferences';
import { formMessage } from '../../../shared/forms/server-errors';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { toast } from '../../../shared/toast/toast';
import { ActivityList, CommentsSection } from '../../helpcenter/posts/comments-section';
import { ListSelect } from '../../helpcenter/posts/post-list-view';
import {
  BugContextLines,
  ItemState,
  PlainText,
  PostHeading,
  SearchBox,
  StatusChip,
  statusLabel,
} from '../../helpcenter/posts/post-parts';
import {
  useHelpPostQuery,
  useHelpPostsQuery,
  useMergeFeatureMutation,
  useSetHelpStatusMutation,
} from '../../helpcenter/posts/posts-api';
import { ConfirmDialog } from '../../settings/components/confirm-dialog';

export type TriageKind = 'bug' | 'feature';

const SECTION: Record<TriageKind, { id: string; noun: string; plural: string }> = {
  bug: { id: 'bugs', noun: 'bug report', plural: 'Bug reports' },
  feature: { id: 'feature_requests', noun: 'feature request', plural: 'Feature requests' },
};

export const TRIAGE_LIMIT = 50;

function errorText(error: unknown): string {
  return isApiError(error) ? formMessage(error) : 'Something went wrong. Please try again.';
}

function columnsOf(kind: TriageKind, f: Formatters): DataTableColumn<HelpPost>[] {
  const columns: DataTableColumn<HelpPost>[] = [
    { id: 'title', header: 'Title', value: (p) => p.title, hideable: false, width: 320 },
    {
      id: 'status',
      header: 'Status',
      value: (p) => p.status,
      render: (p) => <StatusChip status={p.status} />,
      width: 140,
    },
    { id: 'author', header: 'Author', value: (p) => p.author.name, width: 160 },
    {
      id: 'created',
      header: 'Filed',
      value: (p) => new Date(p.createdAt),
      format: (p) => f.dateTime(p.createdAt),
      width: 180,
    },
    { id: 'comments', header: 'Comments', value: (p) => p.commentCount, numeric: true, width: 110 },
  ];
  if (kind === 'feature')
    columns.push({ id: 'score', header: 'Votes', value: (p) => p.votes?.score ?? 0, numeric: true, width: 90 });
  return columns;
}

/** The queue: every bug report or feature request, filtered by status and searched; a row opens the item. */
function TriageList(props: { kind: TriageKind }) {
  const { kind } = props;
  const navigate = useNavigate();
  const f = useFormatters();
  const [status, setStatus] = useState(kind === 'bug' ? 'open' : 'all_requests');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, isFetching, refetch } = useHelpPostsQuery({
    kind,
    status,
    sort: kind === 'bug' ? 'oldest' : 'votes',
    search,
    page,
    limit: TRIAGE_LIMIT,
  });
  const columns = useMemo(() => columnsOf(kind, f), [kind, f]);
  const section = SECTION[kind];
  const rows = data?.items ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <DataTable
        label={section.plural}
        columns={columns}
        rows={rows}
        getRowId={(p) => p.id}
        status={isLoading ? 'loading' : isError ? 'error' : 'ready'}
        error={{ title: `The ${section.plural.toLowerCase()} could not be loaded.`, onRetry: () => void refetch() }}
        empty={{ title: `No ${section.plural.toLowerCase()} match.`, description: 'Try another status or search.' }}
        onRowActivate={(p) => navigate(`/staff/${section.id}/${p.id}`)}
        persistKey={`staff.triage.${kind}`}
        height={Math.min(640, 120 + Math.max(rows.length, 3) * 40)}
        toolbar={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.5 }}>
            <ListSelect
              label="Status"
              value={status}
              options={kind === 'bug' ? ['all', ...BUG_STATUSES] : FEATURE_FILTERS}
              labels={{ all: 'All statuses', all_requests: 'All open requests' }}
              onChange={(v) => {
                setStatus(v);
                setPage(1);
              }}
            />
            <SearchBox
              label={`Search ${section.plural.toLowerCase()}`}
              value={search}
              onSearch={(q) => {
                setSearch(q);
                setPage(1);
              }}
            />
          </Stack>
        }
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Press Enter on a row (or double-click it) to open it.
      </Typography>
      {data && <Pager page={page} limit={data.limit} total={data.total} busy={isFetching} onPage={setPage} />}
    </Box>
  );
}

/** Staff: set the status with a note for the author (the server records it in the activity and notifies). */
export function StatusForm(props: { post: HelpPost; kind: TriageKind }) {
  const { post, kind } = props;
  const statuses = kind === 'bug' ? BUG_STATUSES : FEATURE_STATUSES.filter((s) => s !== 'merged');
  const [status, setStatus] = useState(post.status ?? statuses[0]);
  const [note, setNote] = useState('');
  const [setHelpStatus, { isLoading, error, reset }] = useSetHelpStatusMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await setHelpStatus({
      kind,
      id: post.id,
      status: status as never,
      ...(note.trim() ? { note: note.trim() } : {}),
    });
    if (!('error' in result)) {
      toast.success(`Status set to ${statusLabel(status)}.`);
      setNote('');
    }
  };
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} aria-label="Change the status" sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Change the status
      </Typography>
      {error && (
        <InlineAlert severity="error" sx={{ mb: 1 }}>
          {errorText(error)}
        </InlineAlert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          select
          size="small"
          label="New status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            reset();
          }}
          sx={{ minWidth: 160 }}
        >
          {statuses.map((s) => (
            <MenuItem key={s} value={s}>
              {statusLabel(s)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Note for the author (optional)"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          sx={{ flexGrow: 1 }}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Button type="submit" variant="contained" disabled={isLoading}>
          Set status
        </Button>
      </Stack>
    </Paper>
  );
}

/** Staff: this request duplicates another; its votes move to the survivor. */
function MergeForm(props: { post: HelpPost }) {
  const navigate = useNavigate();
  const { data } = useHelpPostsQuery({ kind: 'feature', status: 'all_requests', sort: 'votes', page: 1, limit: 50 });
  const others = (data?.items ?? []).filter((p) => p.id !== props.post.id);
  const [intoId, setIntoId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [merge, { isLoading, error }] = useMergeFeatureMutation();
  const into = others.find((p) => p.id === intoId);
  // merging cannot be undone: the form asks first, naming both requests and the votes that move
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (intoId) setConfirming(true);
  };
  const confirm = async () => {
    const result = await merge({ id: props.post.id, intoId });
    setConfirming(false);
    if (!('error' in result)) {
      toast.success('The request was merged; its votes moved to the other one.');
      navigate(`/staff/feature_requests/${intoId}`);
    }
  };
  const votes = (props.post.votes?.up ?? 0) + (props.post.votes?.down ?? 0);
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} aria-label="Merge as a duplicate" sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Merge as a duplicate
      </Typography>
      {error && (
        <InlineAlert severity="error" sx={{ mb: 1 }}>
          {errorText(error)}
        </InlineAlert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          select
          size="small"
          label="Merge into"
          value={intoId}
          onChange={(e) => setIntoId(e.target.value)}
          sx={{ minWidth: 320 }}
          helperText={`The requests with the most votes. This one has ${votes} ${votes === 1 ? 'vote' : 'votes'}.`}
        >
          {others.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.title} ({p.votes?.score ?? 0})
            </MenuItem>
          ))}
        </TextField>
        <Box>
          <Button type="submit" variant="outlined" disabled={!intoId || isLoading}>
            Merge
          </Button>
        </Box>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Merge this request?"
        confirmLabel="Merge requests"
        busy={isLoading}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      >
        “{props.post.title}” closes as a duplicate of “{into?.title ?? ''}”, and its {votes}{' '}
        {votes === 1 ? 'vote moves' : 'votes move'} there (a person who voted on both counts once). This cannot be
        undone.
      </ConfirmDialog>
    </Paper>
  );
}

function TriageItem(props: { kind: TriageKind; id: string }) {
  const { kind, id } = props;
  const section = SECTION[kind];
  const { data: post, isLoading, error, refetch } = useHelpPostQuery({ kind, id });
  const back = (
    <Button component={RouterLink} to={`/staff/${section.id}`} size="small" sx={{ justifySelf: 'start' }}>
      Back to {section.plural.toLowerCase()}
    </Button>
  );
  if (!post)
    return (
      <Box sx={{ display: 'grid', gap: 1 }}>
        {back}
        <ItemState isLoading={isLoading} error={error} what={section.noun} onRetry={() => void refetch()} />
      </Box>
    );
  return (
    <Box component="article" aria-labelledby="triage-title" sx={{ display: 'grid', gap: 2 }}>
      {back}
      <div>
        <PostHeading post={post} id="triage-title" />
        <Link component={RouterLink} to={`/help/${kind === 'bug' ? 'bugs_report' : 'all_requests'}/${post.id}`}>
          Open in the help center
        </Link>
      </div>
      <PlainText text={post.body} />
      {post.context && <BugContextLines context={post.context} />}
      {post.screenshotUrl && (
        <Link href={post.screenshotUrl} target="_blank" rel="noopener noreferrer">
          Screenshot
        </Link>
      )}
      {post.status === 'merged' ? (
        <InlineAlert severity="info">This request was merged into another one.</InlineAlert>
      ) : (
        <>
          <StatusForm post={post} kind={kind} />
          {kind === 'feature' && <MergeForm post={post} />}
        </>
      )}
      <ActivityList post={post} />
      <CommentsSection post={post} />
    </Box>
  );
}

/** Staff console: the triage of bug reports or feature requests (`itemId` opens one). */
export function TriageSection(props: { kind: TriageKind; itemId?: string }) {
  return props.itemId ? <TriageItem kind={props.kind} id={props.itemId} /> : <TriageList kind={props.kind} />;
}

export function BugTriageSection(props: { itemId?: string }) {
  return <TriageSection kind="bug" {...props} />;
}

export function FeatureTriageSection(props: { itemId?: string }) {
  return <TriageSection kind="feature" {...props} />;
}
