import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ARTICLE_CATEGORIES,
  type Article,
  type ArticleAudience,
  type ArticleCategory,
  type ArticleReplyAccess,
} from '@tradedesk/contracts';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { type ApiError, fieldErrorsOf } from '../../../shared/api/api-error';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import {
  useArticleQuery,
  useDeleteArticleMutation,
  usePublishArticleMutation,
  useUpdateArticleMutation,
  useUploadArticleMediaMutation,
} from './articles-api';

const ArticleEditor = lazy(() => import('./article-editor').then((m) => ({ default: m.ArticleEditor })));

/** /community/articles/:id/edit: the author's editor (title, cover, content, audience, categories, tags). */
export function ArticleEditPage() {
  const { id = '' } = useParams();
  const article = useArticleQuery(id);
  if (article.isLoading) return <LoadingState label="Loading the article" />;
  if (article.isError || !article.data) {
    return (
      <ErrorState
        title="The article could not be loaded."
        message={(article.error as ApiError | undefined)?.message}
        onRetry={() => void article.refetch()}
      />
    );
  }
  if (!article.data.canEdit) return <ErrorState title="Only its author can edit this article." />;
  return <EditForm key={article.data.id} article={article.data} />;
}

function EditForm(props: { article: Article }) {
  const a = props.article;
  const navigate = useNavigate();
  const [title, setTitle] = useState(a.title === 'Untitled' ? '' : a.title);
  const [content, setContent] = useState(a.content);
  const [coverId, setCoverId] = useState<string | null>(a.coverImage?.id ?? null);
  const [coverUrl, setCoverUrl] = useState<string | null>(a.coverImage?.url ?? null);
  const [audience, setAudience] = useState<ArticleAudience>(a.audience);
  const [replay, setReplay] = useState<ArticleReplyAccess>(a.whoCanReplay);
  const [categories, setCategories] = useState<ArticleCategory[]>(a.categories);
  const [tags, setTags] = useState(a.tags.join(' '));
  const [update, updating] = useUpdateArticleMutation();
  const [publish, publishing] = usePublishArticleMutation();
  const [remove] = useDeleteArticleMutation();
  const [upload, uploading] = useUploadArticleMediaMutation();
  const [error, setError] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);
  const fields = error ? fieldErrorsOf(error) : {};

  const save = async () => {
    setError(null);
    setSaved(false);
    try {
      await update({
        id: a.id,
        title,
        content,
        cover_image_id: coverId,
        audience,
        who_can_replay: replay,
        categories,
        tags: tags.split(/[\s,]+/).filter(Boolean),
      }).unwrap();
      setSaved(true);
      return true;
    } catch (e) {
      setError(e as ApiError);
      return false;
    }
  };
  const uploadFile = async (file: File) => {
    try {
      return await upload({ id: a.id, file }).unwrap();
    } catch (e) {
      setError(e as ApiError);
      return null;
    }
  };

  return (
    <Box component="main" sx={{ p: 2, maxWidth: 960, mx: 'auto' }}>
      <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
        {a.status === 'draft' ? 'Edit draft' : 'Edit article'}
      </Typography>
      <Stack spacing={2}>
        {error && !Object.keys(fields).length && <Alert severity="error">{error.message}</Alert>}
        {saved && <Alert severity="success">Saved.</Alert>}
        <TextField
          label="Title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={Boolean(fields.title)}
          helperText={fields.title}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {coverUrl && <Box component="img" src={coverUrl} alt="Cover image" sx={{ height: 80, borderRadius: 1 }} />}
          <Button component="label" variant="outlined" disabled={uploading.isLoading}>
            {coverUrl ? 'Change cover image' : 'Add a cover image'}
            <input
              type="file"
              hidden
              accept="image/png,image/jpeg,image/webp,image/gif"
              aria-label="Cover image file"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                const media = await uploadFile(file);
                if (media) {
                  setCoverId(media.id);
                  setCoverUrl(media.url);
                }
              }}
            />
          </Button>
          {coverUrl && (
            <Button
              onClick={() => {
                setCoverId(null);
                setCoverUrl(null);
              }}
            >
              Remove cover
            </Button>
          )}
          {fields.cover_image_id && <Typography color="error">{fields.cover_image_id}</Typography>}
        </Stack>
        <Suspense fallback={<Skeleton variant="rounded" height={360} aria-label="Loading the article editor" />}>
          <ArticleEditor
            value={a.content}
            onChange={setContent}
            onUpload={async (file) => (await uploadFile(file))?.url ?? null}
          />
        </Suspense>
        {(fields.content || fields.file) && <Typography color="error">{fields.content ?? fields.file}</Typography>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label="Audience"
            value={audience}
            onChange={(e) => setAudience(e.target.value as ArticleAudience)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="everyone">Everyone</MenuItem>
            <MenuItem value="followers">Followers only</MenuItem>
          </TextField>
          <TextField
            select
            label="Who can reply"
            value={replay}
            onChange={(e) => setReplay(e.target.value as ArticleReplyAccess)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="account_follow">My followers</MenuItem>
            <MenuItem value="everyone">Everyone</MenuItem>
          </TextField>
          <TextField
            select
            label="Categories"
            value={categories}
            onChange={(e) => setCategories((e.target.value as unknown as ArticleCategory[]).slice(0, 3))}
            slotProps={{ select: { multiple: true } }}
            error={Boolean(fields.categories)}
            helperText={fields.categories ?? 'Up to 3.'}
            sx={{ minWidth: 200 }}
          >
            {ARTICLE_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Tags"
            value={tags}
            onChange={(e) => setTags(e.target.value)}
            helperText={Object.entries(fields).find(([k]) => k.startsWith('tags'))?.[1] ?? 'Words separated by spaces.'}
            error={Object.keys(fields).some((k) => k.startsWith('tags'))}
            sx={{ flexGrow: 1 }}
          />
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => void save()} disabled={updating.isLoading}>
            Save
          </Button>
          {a.status === 'draft' ? (
            <Button
              variant="contained"
              disabled={updating.isLoading || publishing.isLoading}
              onClick={async () => {
                if (!(await save())) return;
                try {
                  await publish(a.id).unwrap();
                  navigate(`/community/articles/${a.id}`);
                } catch (e) {
                  setError(e as ApiError);
                }
              }}
            >
              Publish
            </Button>
          ) : (
            <Button
              variant="contained"
              onClick={async () => {
                if (await save()) navigate(`/community/articles/${a.id}`);
              }}
            >
              Save and view
            </Button>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Button
            color="error"
            onClick={async () => {
              if (!window.confirm('Delete this article? This cannot be undone.')) return;
              await remove(a.id).unwrap();
              navigate('/community/articles?tab=drafts');
            }}
          >
            Delete
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

export { ArticleEditPage as Component };
