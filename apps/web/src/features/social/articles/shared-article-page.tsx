import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import type { ApiError } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { selectCurrentUser } from '../../auth';
import { ArticleContent } from './article-content';
import { useSharedArticleQuery } from './articles-api';

/** /community/articles/shared/:token: an article by its public link, signed in or out. */
export function SharedArticlePage() {
  const { token = '' } = useParams();
  const signedIn = useAppSelector(selectCurrentUser) !== null;
  const shared = useSharedArticleQuery(token);
  const a = shared.data;
  let body: ReactNode = null;
  if (shared.isLoading) body = <LoadingState label="Loading the article" />;
  else if (shared.isError || !a) {
    const error = shared.error as ApiError | undefined;
    body =
      error?.status === 404 ? (
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
  return (
    <Box component="main" sx={{ p: { xs: 2, md: 4 }, maxWidth: 820, mx: 'auto' }}>
      <Box component="article">
        {a?.coverImage && <Box component="img" src={a.coverImage.url} alt="" sx={{ width: '100%', borderRadius: 1 }} />}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="h1" variant="h4" sx={{ flexGrow: 1 }}>
            {a?.title ?? 'Shared article'}
          </Typography>
          {!signedIn && (
            <Button component={RouterLink} to="/sign-in" variant="outlined" size="small">
              Sign in
            </Button>
          )}
        </Box>
        {a && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              By {a.author.displayName}
              {a.publishedAt ? ` · ${new Date(a.publishedAt).toLocaleDateString()}` : ''}
            </Typography>
            <ArticleContent html={a.content} />
          </>
        )}
        {body}
      </Box>
    </Box>
  );
}

export { SharedArticlePage as Component };
