import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { HelpComment, HelpPost } from '@tradedesk/contracts';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useFormatters } from '../../../shared/format/format-preferences';
import { formMessage } from '../../../shared/forms/server-errors';
import { EmptyState } from '../../../shared/states/empty-state';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { ConfirmDialog } from '../../settings/components/confirm-dialog';
import { Byline, PersonName, PlainText, statusLabel } from './post-parts';
import {
  HAS_ACTIVITY,
  useAddHelpCommentMutation,
  useDeleteHelpCommentMutation,
  useEditHelpCommentMutation,
  useHelpActivityQuery,
  useHelpCommentsQuery,
} from './posts-api';

function errorText(error: unknown): string {
  return isApiError(error) ? formMessage(error) : 'Something went wrong. Please try again.';
}

/** A comment box: the text, a submit button, the server's sentence when it refuses. */
function CommentForm(props: {
  label: string;
  submitLabel: string;
  initial?: string;
  autoFocus?: boolean;
  onSubmit: (content: string) => Promise<{ error?: unknown }>;
  onCancel?: () => void;
}) {
  const [content, setContent] = useState(props.initial ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!content.trim()) {
      setError('Comment is required.');
      return;
    }
    setBusy(true);
    const result = await props.onSubmit(content.trim());
    setBusy(false);
    if (result.error) setError(errorText(result.error));
    else {
      setError(null);
      if (!props.initial) setContent('');
    }
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1 }}>
      <TextField
        label={props.label}
        multiline
        minRows={2}
        value={content}
        autoFocus={props.autoFocus}
        onChange={(e) => {
          setContent(e.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error ?? undefined}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {props.onCancel && (
          <Button onClick={props.onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={busy}>
          {props.submitLabel}
        </Button>
      </Box>
    </Box>
  );
}

function CommentItem(props: { post: HelpPost; comment: HelpComment }) {
  const { post, comment } = props;
  const f = useFormatters();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [edit] = useEditHelpCommentMutation();
  const [remove, removal] = useDeleteHelpCommentMutation();
  const target = { kind: post.kind, postId: post.id, commentId: comment.id };
  return (
    <Paper component="li" variant="outlined" sx={{ listStyle: 'none', p: 1.5 }}>
      <Typography variant="body2" component="div" sx={{ color: 'text.secondary', display: 'flex', gap: 1 }}>
        <PersonName person={comment.author} />
        <span aria-hidden>·</span>
        <span>{f.dateTime(comment.createdAt)}</span>
        {comment.updatedAt !== comment.createdAt && <span>(edited)</span>}
      </Typography>
      {editing ? (
        <CommentForm
          label="Edit your comment"
          submitLabel="Save"
          initial={comment.content}
          autoFocus
          onCancel={() => setEditing(false)}
          onSubmit={async (content) => {
            const result = await edit({ ...target, content });
            if (!('error' in result)) setEditing(false);
            return result;
          }}
        />
      ) : (
        <PlainText text={comment.content} />
      )}
      {!editing && (comment.mine || comment.canDelete) && (
        <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
          {comment.mine && (
            <Button size="small" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          {comment.canDelete && (
            <Button size="small" color="error" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          )}
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete this comment?"
        confirmLabel="Delete comment"
        busy={removal.isLoading}
        error={removal.error ? errorText(removal.error) : null}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const result = await remove(target);
          if (!('error' in result)) setConfirming(false);
        }}
      >
        The comment is removed for everyone. This cannot be undone.
      </ConfirmDialog>
    </Paper>
  );
}

/** The comments of a post, oldest first, with a box to add one; the caller's own can be edited and deleted. */
export function CommentsSection(props: { post: HelpPost }) {
  const { post } = props;
  const { data, isLoading, isError, refetch } = useHelpCommentsQuery({ kind: post.kind, id: post.id, page: 1 });
  const [add] = useAddHelpCommentMutation();
  return (
    <Box component="section" aria-labelledby={`comments-${post.id}`} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id={`comments-${post.id}`} variant="h6" component="h3">
        Comments ({data?.total ?? post.commentCount})
      </Typography>
      {isLoading ? (
        <LoadingState label="Loading the comments…" />
      ) : isError ? (
        <InlineAlert
          severity="error"
          action={
            <Button size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          The comments could not be loaded.
        </InlineAlert>
      ) : data && data.items.length > 0 ? (
        <Box component="ul" aria-label="Comments" sx={{ p: 0, m: 0, display: 'grid', gap: 1 }}>
          {data.items.map((c) => (
            <CommentItem key={c.id} post={post} comment={c} />
          ))}
        </Box>
      ) : (
        <EmptyState title="No comments yet." description="Be the first to add one." />
      )}
      <CommentForm
        label="Add a comment"
        submitLabel="Post comment"
        onSubmit={(content) => add({ kind: post.kind, postId: post.id, content })}
      />
    </Box>
  );
}

const ACTIVITY_TEXT: Record<string, string> = {
  created: 'created it',
  staff_reply: 'replied',
  merged: 'merged it',
  edited: 'edited it',
  shipped: 'shipped it',
};

/** What happened to a bug or feature request, oldest first. */
export function ActivityList(props: { post: HelpPost }) {
  const { post } = props;
  const { data, isLoading, isError } = useHelpActivityQuery(
    { kind: post.kind, id: post.id },
    { skip: !HAS_ACTIVITY.has(post.kind) },
  );
  if (!HAS_ACTIVITY.has(post.kind)) return null;
  return (
    <Box component="section" aria-labelledby={`activity-${post.id}`} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={`activity-${post.id}`} variant="h6" component="h3">
        Activity
      </Typography>
      {isLoading ? (
        <LoadingState label="Loading the activity…" />
      ) : isError ? (
        <InlineAlert severity="error">The activity could not be loaded.</InlineAlert>
      ) : data && data.items.length > 0 ? (
        <Box component="ol" aria-label="Activity" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
          {data.items.map((a) => (
            <li key={a.id}>
              <Byline
                person={a.actor}
                at={a.createdAt}
                extra={
                  <span>
                    {a.kind === 'status'
                      ? `changed the status${a.from ? ` from ${statusLabel(a.from)}` : ''} to ${statusLabel(a.to ?? '')}`
                      : ACTIVITY_TEXT[a.kind]}
                  </span>
                }
              />
              {a.note && <PlainText text={a.note} />}
            </li>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Nothing yet.
        </Typography>
      )}
    </Box>
  );
}
