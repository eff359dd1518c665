import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import FavoriteOutlined from '@mui/icons-material/FavoriteOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COMMENT_CONTENT_MAX, type Post, type PostComment } from '@tradedesk/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import { CommentThreads, RestOfReplies } from './comment-threads';
import { ConfirmDialog } from './confirm-dialog';
import { InlineError } from './inline-error';
import { PostContent } from './post-content';
import { htmlToText, timeAgo } from './post-text';
import {
  useCreateCommentMutation,
  useDeleteCommentMutation,
  useLikeCommentMutation,
  usePostCommentsQuery,
  useReportCommentMutation,
  useUpdateCommentMutation,
} from './posts-api';
import { ReportDialog } from './report-dialog';

type Reply = Omit<PostComment, 'replies' | 'replyCount'>;

function CommentForm(props: {
  postId: string;
  parentId?: string;
  label: string;
  initial?: string;
  onDone?: () => void;
  commentId?: string;
}) {
  const [text, setText] = useState(props.initial ?? '');
  const [create, creating] = useCreateCommentMutation();
  const [update, updating] = useUpdateCommentMutation();
  const busy = creating.isLoading || updating.isLoading;
  const submit = async () => {
    const content = text.trim();
    if (!content) return;
    const done = props.commentId
      ? await update({ postId: props.postId, commentId: props.commentId, content })
      : await create({ postId: props.postId, content, ...(props.parentId ? { parentId: props.parentId } : {}) });
    if (!('error' in done)) {
      setText('');
      props.onDone?.();
    }
  };
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ mt: 1 }}
    >
      <TextField
        fullWidth
        size="small"
        multiline
        minRows={1}
        label={props.label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{ htmlInput: { maxLength: COMMENT_CONTENT_MAX } }}
      />
      <InlineError error={creating.error ?? updating.error} />
      <Stack direction="row" spacing={1} sx={{ mt: 0.5, justifyContent: 'flex-end' }}>
        {props.onDone && (
          <Button size="small" onClick={props.onDone}>
            Cancel
          </Button>
        )}
        <Button size="small" type="submit" variant="contained" disabled={busy || !text.trim()}>
          {props.commentId ? 'Save' : props.parentId ? 'Reply' : 'Comment'}
        </Button>
      </Stack>
    </Box>
  );
}

function CommentItem(props: { postId: string; comment: Reply; onReply?: () => void }) {
  const c = props.comment;
  const [mode, setMode] = useState<null | 'edit' | 'delete' | 'report'>(null);
  const [like] = useLikeCommentMutation();
  const [remove, removing] = useDeleteCommentMutation();
  const [report] = useReportCommentMutation();
  return (
    <Stack
      direction="row"
      spacing={1}
      component="li"
      sx={{ listStyle: 'none' }}
      aria-label={`Comment by ${c.author.displayName}`}
    >
      <Avatar src={c.author.avatarUrl ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
        {c.author.displayName.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2">
          <Link component={RouterLink} to={`/community/profile/${encodeURIComponent(c.author.username)}`}>
            {c.author.displayName}
          </Link>{' '}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {timeAgo(c.createdAt)}
            {c.editedAt ? ' · edited' : ''}
          </Box>
        </Typography>
        {mode === 'edit' ? (
          <CommentForm
            postId={props.postId}
            commentId={c.id}
            label="Edit comment"
            initial={htmlToText(c.content)}
            onDone={() => setMode(null)}
          />
        ) : (
          <PostContent html={c.content} />
        )}
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Button
            size="small"
            color={c.liked ? 'error' : 'inherit'}
            startIcon={c.liked ? <FavoriteOutlined /> : <FavoriteBorderOutlined />}
            aria-pressed={c.liked}
            aria-label={`${c.liked ? 'Unlike' : 'Like'} comment (${c.likes} likes)`}
            onClick={() => void like({ postId: props.postId, commentId: c.id, on: !c.liked })}
          >
            {c.likes}
          </Button>
          {props.onReply && (
            <Button size="small" color="inherit" onClick={props.onReply}>
              Reply
            </Button>
          )}
          {c.canEdit && (
            <Button size="small" color="inherit" onClick={() => setMode('edit')}>
              Edit
            </Button>
          )}
          {c.canDelete && (
            <Button size="small" color="inherit" onClick={() => setMode('delete')}>
              Delete
            </Button>
          )}
          {!c.canEdit && (
            <Button size="small" color="inherit" onClick={() => setMode('report')}>
              Report
            </Button>
          )}
        </Stack>
      </Box>
      <ConfirmDialog
        open={mode === 'delete'}
        title="Delete this comment?"
        text="The comment and its replies are removed. This cannot be undone."
        confirmLabel="Delete"
        busy={removing.isLoading}
        onClose={() => setMode(null)}
        onConfirm={() => void remove({ postId: props.postId, commentId: c.id }).then(() => setMode(null))}
      />
      <ReportDialog
        open={mode === 'report'}
        what="comment"
        onClose={() => setMode(null)}
        onSubmit={async (body) => {
          const r = await report({ postId: props.postId, commentId: c.id, body });
          if ('error' in r) throw r.error;
          toast.success('Thanks: the comment was reported and staff will review it.');
        }}
      />
    </Stack>
  );
}

function MoreReplies(props: { postId: string; parentId: string; shown: number }) {
  const rest = usePostCommentsQuery({ postId: props.postId, parentId: props.parentId, page: 1, limit: 50 });
  return (
    <RestOfReplies
      loading={rest.isLoading}
      replies={rest.data?.items}
      shown={props.shown}
      renderComment={(r) => <CommentItem key={r.id} postId={props.postId} comment={r} />}
    />
  );
}

/** The post modal's Comments tab: top-level comments with one level of replies, newest pages on demand. */
export function CommentsSection(props: { post: Post }) {
  const { post } = props;
  const [page, setPage] = useState(1);
  const query = usePostCommentsQuery({ postId: post.id, page, limit: 10 });
  return (
    <Box>
      {post.canComment ? (
        <CommentForm postId={post.id} label="Write a comment" />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary', my: 1 }}>
          {post.commentsClosed ? 'Comments are turned off for this post.' : 'You cannot comment on this post.'}
        </Typography>
      )}
      {query.isLoading ? (
        <LoadingState label="Loading comments" />
      ) : query.isError || !query.data ? (
        <ErrorState title="The comments could not be loaded." onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState title="No comments yet." />
      ) : (
        <>
          <CommentThreads
            items={query.data.items}
            canReply={post.canComment}
            renderComment={(c, onReply) => (
              <CommentItem key={c.id} postId={post.id} comment={c} {...(onReply ? { onReply } : {})} />
            )}
            renderReplyForm={(c, onDone) => (
              <CommentForm
                postId={post.id}
                parentId={c.id}
                label={`Reply to ${c.author.displayName}`}
                onDone={onDone}
              />
            )}
            renderMoreReplies={(c) => <MoreReplies postId={post.id} parentId={c.id} shown={c.replies.length} />}
          />
          {query.data.total > page * 10 && <Button onClick={() => setPage(page + 1)}>Show older comments</Button>}
        </>
      )}
    </Box>
  );
}
