import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Article, ArticleComment } from '@tradedesk/contracts';
import { useState } from 'react';
import type { ApiError } from '../../../shared/api/api-error';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import {
  useAddArticleCommentMutation,
  useArticleCommentsQuery,
  useDeleteArticleCommentMutation,
  useEditArticleCommentMutation,
} from './articles-api';

/** An article's comments (oldest first), the form to add one, and edit / delete on the caller's. */
export function ArticleComments(props: { article: Article }) {
  const a = props.article;
  const comments = useArticleCommentsQuery({ id: a.id, page: 1 }, { skip: a.status !== 'published' });
  const [add, adding] = useAddArticleCommentMutation();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  if (a.status !== 'published') return null;
  return (
    <section aria-labelledby="article-comments-title">
      <Typography id="article-comments-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        Comments ({a.counts.comments})
      </Typography>
      {a.canComment ? (
        <Stack
          component="form"
          direction="row"
          spacing={1}
          sx={{ mb: 2, alignItems: 'flex-start' }}
          onSubmit={async (e) => {
            e.preventDefault();
            try {
              await add({ id: a.id, content: text }).unwrap();
              setText('');
              setError('');
            } catch (err) {
              setError((err as ApiError).message);
            }
          }}
        >
          <TextField
            label="Write a comment"
            size="small"
            multiline
            fullWidth
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={Boolean(error)}
            helperText={error}
          />
          <Button type="submit" variant="contained" disabled={adding.isLoading || !text.trim()}>
            Comment
          </Button>
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Only the author’s followers can comment on this article.
        </Typography>
      )}
      {comments.isLoading ? (
        <LoadingState label="Loading comments" />
      ) : comments.isError ? (
        <ErrorState title="The comments could not be loaded." onRetry={() => void comments.refetch()} />
      ) : comments.data?.items.length === 0 ? (
        <Typography color="text.secondary">No comments yet.</Typography>
      ) : (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {comments.data?.items.map((c) => (
            <CommentItem key={c.id} comment={c} />
          ))}
        </Stack>
      )}
    </section>
  );
}

function CommentItem(props: { comment: ArticleComment }) {
  const c = props.comment;
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(c.content);
  const [edit] = useEditArticleCommentMutation();
  const [remove] = useDeleteArticleCommentMutation();
  return (
    <li>
      <Typography variant="subtitle2">
        {c.author.displayName}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          {new Date(c.createdAt).toLocaleString()}
          {c.editedAt ? ' · edited' : ''}
        </Typography>
      </Typography>
      {editing ? (
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
              setEditing(false);
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
        {c.canEdit && !editing && (
          <Button size="small" onClick={() => setEditing(true)} aria-label={`Edit comment by ${c.author.displayName}`}>
            Edit
          </Button>
        )}
        {c.canDelete && (
          <Button
            size="small"
            color="error"
            aria-label={`Delete comment by ${c.author.displayName}`}
            onClick={() => void remove({ id: c.articleId, commentId: c.id })}
          >
            Delete
          </Button>
        )}
      </Stack>
    </li>
  );
}
