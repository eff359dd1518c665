import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ARTICLE_COMMENT_MAX, type Article, type ArticleCommentReply } from '@tradedesk/contracts';
import { useState } from 'react';
import type { ApiError } from '../../../shared/api/api-error';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import { CommentThreads, RestOfReplies } from '../posts/comment-threads';
import { ConfirmDialog } from '../posts/confirm-dialog';
import { ReportDialog } from '../posts/report-dialog';
import {
  useAddArticleCommentMutation,
  useArticleCommentsQuery,
  useDeleteArticleCommentMutation,
  useEditArticleCommentMutation,
  useReportArticleCommentMutation,
} from './articles-api';

/** An article's comments (oldest first) with one level of replies, the forms, and edit / delete / report. */
export function ArticleComments(props: { article: Article }) {
  const a = props.article;
  const comments = useArticleCommentsQuery({ id: a.id, page: 1 }, { skip: a.status !== 'published' });
  if (a.status !== 'published') return null;
  return (
    <section aria-labelledby="article-comments-title">
      <Typography id="article-comments-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        Comments ({a.counts.comments})
      </Typography>
      {a.canComment ? (
        <CommentForm articleId={a.id} label="Write a comment" />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Only the author’s followers can comment on this article.
        </Typography>
      )}
      {comments.isLoading ? (
        <LoadingState label="Loading comments" />
      ) : comments.isError || !comments.data ? (
        <ErrorState title="The comments could not be loaded." onRetry={() => void comments.refetch()} />
      ) : comments.data.items.length === 0 ? (
        <Typography color="text.secondary">No comments yet.</Typography>
      ) : (
        <CommentThreads
          items={comments.data.items}
          canReply={a.canComment}
          renderComment={(c, onReply) => <CommentItem key={c.id} comment={c} {...(onReply ? { onReply } : {})} />}
          renderReplyForm={(c, onDone) => (
            <CommentForm articleId={a.id} parentId={c.id} label={`Reply to ${c.author.displayName}`} onDone={onDone} />
          )}
          renderMoreReplies={(c) => <MoreReplies articleId={a.id} parentId={c.id} shown={c.replies.length} />}
        />
      )}
    </section>
  );
}

function CommentForm(props: { articleId: string; label: string; parentId?: string; onDone?: () => void }) {
  const [add, adding] = useAddArticleCommentMutation();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ my: 1, alignItems: 'flex-start' }}
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          await add({
            id: props.articleId,
            content: text,
            ...(props.parentId ? { parentId: props.parentId } : {}),
          }).unwrap();
          setText('');
          setError('');
          props.onDone?.();
        } catch (err) {
          setError((err as ApiError).message);
        }
      }}
    >
      <TextField
        label={props.label}
        size="small"
        multiline
        fullWidth
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { maxLength: ARTICLE_COMMENT_MAX } }}
      />
      {props.onDone && <Button onClick={props.onDone}>Cancel</Button>}
      <Button type="submit" variant="contained" disabled={adding.isLoading || !text.trim()}>
        {props.parentId ? 'Reply' : 'Comment'}
      </Button>
    </Stack>
  );
}

function MoreReplies(props: { articleId: string; parentId: string; shown: number }) {
  const rest = useArticleCommentsQuery({ id: props.articleId, parentId: props.parentId, page: 1, limit: 50 });
  return (
    <RestOfReplies
      loading={rest.isLoading}
      replies={rest.data?.items}
      shown={props.shown}
      renderComment={(r) => <CommentItem key={r.id} comment={r} />}
    />
  );
}

function CommentItem(props: { comment: ArticleCommentReply; onReply?: () => void }) {
  const c = props.comment;
  const [mode, setMode] = useState<null | 'edit' | 'delete' | 'report'>(null);
  const [text, setText] = useState(c.content);
  const [edit] = useEditArticleCommentMutation();
  const [remove, removing] = useDeleteArticleCommentMutation();
  const [report] = useReportArticleCommentMutation();
  const who = c.author.displayName;
  return (
    <Box component="li" sx={{ listStyle: 'none' }} aria-label={`Comment by ${who}`}>
      <Typography variant="subtitle2">
        {who}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          {new Date(c.createdAt).toLocaleString()}
          {c.editedAt ? ' · edited' : ''}
        </Typography>
      </Typography>
      {mode === 'edit' ? (
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            label="Edit comment"
            fullWidth
            multiline
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button
            onClick={async () => {
              await edit({ id: c.articleId, commentId: c.id, content: text }).unwrap();
              setMode(null);
            }}
          >
            Save
          </Button>
        </Stack>
      ) : (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {c.content}
        </Typography>
      )}
      <Stack direction="row" spacing={1}>
        {props.onReply && (
          <Button size="small" color="inherit" onClick={props.onReply} aria-label={`Reply to ${who}`}>
            Reply
          </Button>
        )}
        {c.canEdit && mode !== 'edit' && (
          <Button size="small" onClick={() => setMode('edit')} aria-label={`Edit comment by ${who}`}>
            Edit
          </Button>
        )}
        {c.canDelete && (
          <Button size="small" color="error" aria-label={`Delete comment by ${who}`} onClick={() => setMode('delete')}>
            Delete
          </Button>
        )}
        {!c.canEdit && (
          <Button
            size="small"
            color="inherit"
            aria-label={`Report comment by ${who}`}
            onClick={() => setMode('report')}
          >
            Report
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={mode === 'delete'}
        title="Delete this comment?"
        text={
          c.parentId === null
            ? 'The comment and its replies are removed. This cannot be undone.'
            : 'The reply is removed. This cannot be undone.'
        }
        confirmLabel="Delete"
        busy={removing.isLoading}
        onClose={() => setMode(null)}
        onConfirm={() => void remove({ id: c.articleId, commentId: c.id }).then(() => setMode(null))}
      />
      <ReportDialog
        open={mode === 'report'}
        what="comment"
        onClose={() => setMode(null)}
        onSubmit={async (body) => {
          const r = await report({ id: c.articleId, commentId: c.id, body });
          if ('error' in r) throw r.error;
          toast.success('Thanks: the comment was reported and staff will review it.');
        }}
      />
    </Box>
  );
}
