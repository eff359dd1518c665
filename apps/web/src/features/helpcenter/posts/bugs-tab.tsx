import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BUG_STATUSES } from '@tradedesk/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { formMessage } from '../../../shared/forms/server-errors';
import { ConfirmDialog } from '../../settings/components/confirm-dialog';
import { ReportBugDialog } from '../report-bug/report-bug-dialog';
import { ActivityList, CommentsSection } from './comments-section';
import { PostListView } from './post-list-view';
import { BackToList, BugContextLines, ItemState, PlainText, PostHeading } from './post-parts';
import { useDeleteBugMutation, useHelpPostQuery } from './posts-api';

const BUG_SORT_LABELS = { recent: 'Newest first', oldest: 'Oldest first', comments: 'Most comments' };

function BugList() {
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <PostListView
        kind="bug"
        tab="bugs_report"
        label="Bug reports"
        statuses={{ options: ['all', ...BUG_STATUSES], labels: { all: 'All statuses' }, initial: 'all' }}
        sorts={{ options: Object.keys(BUG_SORT_LABELS), labels: BUG_SORT_LABELS, initial: 'recent' }}
        searchLabel="Search bugs"
        action={
          <Button variant="contained" onClick={() => setReporting(true)}>
            Report a bug
          </Button>
        }
        empty={{
          title: 'No bug reports yet.',
          filtered: 'No bug reports match.',
          description: 'Found something that does not work? Report it and we will look into it.',
        }}
      />
      <ReportBugDialog via="helpcenter" open={reporting} onClose={() => setReporting(false)} />
    </>
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
        <PostHeading post={post} id="bug-title" />
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
