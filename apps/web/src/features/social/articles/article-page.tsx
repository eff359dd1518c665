import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Article, REPORT_REASONS, type ReportReason } from '@tradedesk/contracts';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { ApiError } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { ArticleComments } from './article-comments';
import { ArticleContent } from './article-content';
import {
  useArticleQuery,
  useLikeArticleMutation,
  useReportArticleMutation,
  useRepostArticleMutation,
  useShareArticleMutation,
} from './articles-api';

/** /community/articles/:id: the reader, with like, share, repost, report and comments. */
export function ArticlePage() {
  const { id = '' } = useParams();
  const article = useArticleQuery(id);
  if (article.isLoading) return <LoadingState label="Loading the article" />;
  if (article.isError || !article.data) {
    const error = article.error as ApiError | undefined;
    return error?.status === 404 ? (
      <EmptyState
        title="This article is not available."
        description="It was deleted, or its author limits who reads it."
      />
    ) : (
      <ErrorState
        title="The article could not be loaded."
        message={error?.message}
        onRetry={() => void article.refetch()}
      />
    );
  }
  return <Reader article={article.data} />;
}

function Reader(props: { article: Article }) {
  const a = props.article;
  const [like] = useLikeArticleMutation();
  const [share, sharing] = useShareArticleMutation();
  const [repost, reposting] = useRepostArticleMutation();
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  const fail = (e: unknown) => setNotice({ severity: 'error', text: (e as ApiError).message });

  return (
    <Box component="article" sx={{ p: 2, maxWidth: 820, mx: 'auto' }}>
      {a.coverImage && (
        <Box component="img" src={a.coverImage.url} alt="" sx={{ width: '100%', borderRadius: 1, mb: 2 }} />
      )}
      <Typography component="h1" variant="h4">
        {a.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        By {a.author.displayName}
        {a.publishedAt ? ` · ${new Date(a.publishedAt).toLocaleDateString()}` : ' · Draft'}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ mb: 2, flexWrap: 'wrap' }}>
        {a.categories.map((c) => (
          <Chip key={c} label={c} size="small" variant="outlined" />
        ))}
        {a.tags.map((t) => (
          <Chip key={t} label={`#${t}`} size="small" />
        ))}
      </Stack>
      {a.moderated && <Alert severity="warning">This article is hidden by moderation while it is reviewed.</Alert>}
      <ArticleContent html={a.content} />
      <Divider sx={{ my: 2 }} />
      {notice && (
        <Alert severity={notice.severity} onClose={() => setNotice(null)} sx={{ mb: 1 }}>
          {notice.text}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          aria-pressed={a.liked}
          startIcon={a.liked ? <Favorite /> : <FavoriteBorder />}
          disabled={a.status !== 'published'}
          onClick={() => like({ id: a.id, like: !a.liked }).unwrap().catch(fail)}
        >
          {a.liked ? 'Liked' : 'Like'} ({a.counts.likes})
        </Button>
        {a.canShare && (
          <Button
            disabled={sharing.isLoading}
            onClick={async () => {
              try {
                const s = await share(a.id).unwrap();
                const url = `${window.location.origin}${s.url}`;
                setShareUrl(url);
                await navigator.clipboard?.writeText(url).catch(() => {});
              } catch (e) {
                fail(e);
              }
            }}
          >
            Share
          </Button>
        )}
        {a.status === 'published' && (
          <Button
            disabled={reposting.isLoading}
            onClick={async () => {
              try {
                await repost(a.id).unwrap();
                setNotice({ severity: 'success', text: 'Reposted to your followers.' });
              } catch (e) {
                fail(e);
              }
            }}
          >
            Repost ({a.counts.reposts})
          </Button>
        )}
        {a.canEdit ? (
          <Button component={RouterLink} to={`/community/articles/${a.id}/edit`}>
            Edit
          </Button>
        ) : (
          <Button color="warning" onClick={() => setReporting((r) => !r)} aria-expanded={reporting}>
            Report
          </Button>
        )}
      </Stack>
      {shareUrl && (
        <TextField
          label="Public link"
          value={shareUrl}
          fullWidth
          size="small"
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { readOnly: true } }}
          helperText="Copied. Anyone with the link can read the article, signed out too."
        />
      )}
      {reporting && (
        <ReportForm
          articleId={a.id}
          onDone={(text) => {
            setReporting(false);
            setNotice({ severity: 'success', text });
          }}
        />
      )}
      <Divider sx={{ my: 2 }} />
      <ArticleComments article={a} />
    </Box>
  );
}

function ReportForm(props: { articleId: string; onDone: (text: string) => void }) {
  const [reason, setReason] = useState<ReportReason>('spam');
  const [details, setDetails] = useState('');
  const [report, state] = useReportArticleMutation();
  const [error, setError] = useState('');
  return (
    <Stack
      component="form"
      aria-label="Report this article"
      spacing={1}
      sx={{ mt: 1, maxWidth: 480 }}
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          await report({ id: props.articleId, reason, ...(details.trim() ? { details } : {}) }).unwrap();
          props.onDone('Thank you: the report was sent to moderation.');
        } catch (err) {
          setError((err as ApiError).message);
        }
      }}
    >
      <TextField
        select
        size="small"
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value as ReportReason)}
      >
        {REPORT_REASONS.map((r) => (
          <MenuItem key={r} value={r}>
            {r}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Details (optional)"
        multiline
        value={details}
        onChange={(e) => setDetails(e.target.value)}
        error={Boolean(error)}
        helperText={error}
      />
      <Button type="submit" variant="contained" color="warning" disabled={state.isLoading}>
        Send report
      </Button>
    </Stack>
  );
}

export { ArticlePage as Component };
