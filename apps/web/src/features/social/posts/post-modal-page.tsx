import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { PostCommunity } from '../../communities/page/post-community';
import { CommentsSection } from './comments-section';
import { PostCard } from './post-card';
import { useSocialPostQuery } from './posts-api';

/**
 * The post's own page (/community/posts/:id): the post and its Comments tab; a community post also names its
 * community (and offers its rules to a member who has not accepted them). A page rather than a dialog over an
 * empty one: opened by its link there is nothing behind it, and the shell stays usable (a modal hides it).
 */
export function PostModalPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const query = useSocialPostQuery(id, { skip: !id });
  // Opened from a list (history has a page behind it): go back; opened by its link: go to the feed.
  const close = () => (location.key !== 'default' ? navigate(-1) : navigate('/community'));
  const notFound = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
  return (
    <Box sx={{ maxWidth: 820, mx: 'auto', p: { xs: 1, sm: 2 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <IconButton aria-label="Back" onClick={close}>
          <ArrowBack />
        </IconButton>
        <Typography variant="h5" component="h1">
          Post
        </Typography>
      </Box>
      <Box>
        {query.isLoading ? (
          <LoadingState label="Loading the post" />
        ) : notFound ? (
          <ErrorState title="This post does not exist or you may not see it." />
        ) : query.isError || !query.data ? (
          <ErrorState title="The post could not be loaded." onRetry={() => void query.refetch()} />
        ) : (
          <>
            {query.data.communityId && <PostCommunity communityId={query.data.communityId} />}
            <PostCard post={query.data} onDeleted={close} />
            <Tabs value="comments" aria-label="Post detail" sx={{ mt: 1 }}>
              <Tab value="comments" label={`Comments (${query.data.counts.comments})`} />
            </Tabs>
            <CommentsSection
              post={
                query.data.isRepost && query.data.repostOf
                  ? { ...query.data.repostOf, repostOf: null, isRepost: false }
                  : query.data
              }
            />
          </>
        )}
      </Box>
    </Box>
  );
}

export const Component = PostModalPage;
