import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import type { ApiError } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { ArticleContent } from './article-content';
import { useSharedArticleQuery } from './articles-api';

/** /community/articles/shared/:token: an article by its public link, signed in or out. */
export function SharedArticlePage() {
  const { token = '' } = useParams();
  const shared = useSharedArticleQuery(token);
  if (shared.isLoading) return <LoadingState label="Loading the article" />;
  if (shared.isError || !shared.data) {
    const error = shared.error as ApiError | undefined;
    return error?.status === 404 ? (
      <EmptyState
        title="This link does not work."
        description="The author stopped sharing the article, or deleted it."
      />
    ) : (
      <ErrorState
        title="The article could not be loaded."
        message={error?.message}
        onRetry={() => void shared.refetch()}
      />
    );
  }
  const a = shared.data;
  return (
    <Box component="article" sx={{ p: 2, maxWidth: 820, mx: 'auto' }}>
      {a.coverImage && <Box component="img" src={a.coverImage.url} alt="" sx={{ width: '100%', borderRadius: 1 }} />}
      <Typography component="h1" variant="h4">
        {a.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        By {a.author.displayName}
        {a.publishedAt ? ` · ${new Date(a.publishedAt).toLocaleDateString()}` : ''}
      </Typography>
      <ArticleContent html={a.content} />
    </Box>
  );
}

export { SharedArticlePage as Component };
