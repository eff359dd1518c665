import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BUG_STATUSES } from '@tradedesk/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { formMessage } from '../../../shared/forms/server-errors';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { ConfirmDialog } from '../../settings/components/confirm-dialog';
import { ReportBugDialog } from '../report-bug/report-bug-dialog';
import { ActivityList, CommentsSection } from './comments-section';
import {
  BackToList,
  BugContextLines,
  Byline,
  ItemState,
  Pager,
  PlainText,
  PostList,
  PostRow,
  SearchBox,
  StatusChip,
  statusLabel,
} from './post-parts';
import { useDeleteBugMutation, useHelpPostQuery, useHelpPostsQuery } from './posts-api';

export const HELP_LIST_LIMIT = 10;

/** A select of a list's filter or sort. */
export function ListSelect(props: {
  label: string;
  value: string;
  options: readonly string[];
  labels?: Record<string, string>;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      sx={{ minWidth: 160 }}
    >
      {props.options.map((o) => (
        <MenuItem key={o} value={o}>
          {props.labels?.[o] ?? statusLabel(o)}
        </MenuItem>
      ))}
    </TextField>
  );
}

const BUG_SORTS = ['recent', 'oldest', 'comments'] as const;
const BUG_SORT_LABELS = { recent: 'Newest first', oldest: 'Oldest first', comments: 'Most comments' };

function BugList() {
  const [status, setStatus] = useState('all');
  const [sort, setSort] = useState('recent');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [reporting, setReporting] = useState(false);
  const { data, isLoading, isError, isFetching, refetch } = useHelpPostsQuery({
    kind: 'bug',
    status,
    sort,
    search,
    page,
    limit: HELP_LIST_LIMIT,
  });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <ListSelect
          label="Status"
          value={status}
          options={['all', ...BUG_STATUSES]}
          labels={{ all: 'All statuses' }}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
        <ListSelect label="Sort" value={sort} options={BUG_SORTS} labels={BUG_SORT_LABELS} onChange={setSort} />
        <SearchBox
          label="Search bugs"
          value={search}
          onSearch={(q) => {
            setSearch(q);
            setPage(1);
          }}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" onClick={() => setReporting(true)}>
          Report a bug
        </Button>
      </Stack>
      {isLoading ? (
        <LoadingState label="Loading the bug reports…" />
      ) : isError || !data ? (
        <ErrorState title="The bug reports could not be loaded." onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState
          title={search || status !== 'all' ? 'No bug reports match.' : 'No bug reports yet.'}
          description="Found something that does not work? Report it and we will look into it."
        />
      ) : (
        <PostList label="Bug reports">
          {data.items.map((p) => (
            <PostRow key={p.id} post={p} to={`/help/bugs_report/${p.id}`} />
          ))}
        </PostList>
      )}
      {data && <Pager page={page} limit={data.limit} total={data.total} busy={isFetching} onPage={setPage} />}
      <ReportBugDialog via="helpcenter" open={reporting} onClose={() => setReporting(false)} />
    </Box>
  );
}

function BugView(props: { id: string }) {
  const navigate = useNavigate();
  const { data: post, isLoading, error, refetch } = useHelpPostQuery({ kind: 'bug', id: props.id });
  const [confirming, setConfirming] = useState(false);
  const [remove, removal] = useDeleteBugMutation();
  if (!post)
    return (
      <>
        <BackToList tab="bugs_report" label="All bug reports" />
        <ItemState isLoading={isLoading} error={error} what="bug report" onRetry={() => void refetch()} />
      </>
    );
  return (
    <Box component="article" aria-labelledby="bug-title" sx={{ display: 'grid', gap: 2 }}>
      <div>
        <BackToList tab="bugs_report" label="All bug reports" />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography id="bug-title" variant="h5" component="h2">
            {post.title}
          </Typography>
          <StatusChip status={post.status} />
        </Stack>
        <Byline person={post.author} at={post.createdAt} />
      </div>
      <PlainText text={post.body} />
      {(post.context || post.screenshotUrl) && (
        <Paper variant="outlined" sx={{ p: 1.5 }} aria-label="Details for you and our staff">
          <Typography variant="subtitle2" component="h3">
            Details (only you and our staff see them)
          </Typography>
          {post.context && <BugContextLines context={post.context} />}
          {post.screenshotUrl && (
            <Link href={post.screenshotUrl} target="_blank" rel="noopener noreferrer">
              <Box
                component="img"
                src={post.screenshotUrl}
                alt={`Screenshot attached to “${post.title}”`}
                sx={{ mt: 1, maxWidth: '100%', maxHeight: 360, border: 1, borderColor: 'divider' }}
              />
            </Link>
          )}
        </Paper>
      )}
      {post.canDelete && (
        <Box>
          <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
            Delete report
          </Button>
        </Box>
      )}
      <ActivityList post={post} />
      <CommentsSection post={post} />
      <ConfirmDialog
        open={confirming}
        title="Delete this bug report?"
        confirmLabel="Delete report"
        busy={removal.isLoading}
        error={removal.error && isApiError(removal.error) ? formMessage(removal.error) : null}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const result = await remove(post.id);
          if (!('error' in result)) {
            setConfirming(false);
            navigate('/help/bugs_report');
          }
        }}
      >
        The report, its comments and its screenshot are removed. This cannot be undone.
      </ConfirmDialog>
    </Box>
  );
}

/** The help center's "Bugs" tab: the reports, or one of them. */
export function BugsTab(props: { itemId?: string }) {
  return props.itemId ? <BugView id={props.itemId} /> : <BugList />;
}
export { BugsTab as default };
