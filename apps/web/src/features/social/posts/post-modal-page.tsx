import Close from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { CommentsSection } from './comments-section';
import { PostCard } from './post-card';
import { useSocialPostQuery } from './posts-api';

/** The post modal (/community/posts/:id): the post and its Comments tab, over the page it was opened from. */
export function PostModalPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const query = useSocialPostQuery(id, { skip: !id });
  // Opened from a list (history has a page behind it): go back; opened by its link: go to the feed.
  const close = () => (location.key !== 'default' ? navigate(-1) : navigate('/community'));
  const notFound = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" aria-labelledby="post-modal-title" scroll="body">
      <DialogTitle id="post-modal-title" sx={{ display: 'flex', alignItems: 'center' }}>
        Post
        <IconButton aria-label="Close" onClick={close} sx={{ ml: 'auto' }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {query.isLoading ? (
          <LoadingState label="Loading the post" />
        ) : notFound ? (
          <ErrorState title="This post does not exist or you may not see it." />
        ) : query.isError || !query.data ? (
          <ErrorState title="The post could not be loaded." onRetry={() => void query.refetch()} />
        ) : (
          <>
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
      </DialogContent>
    </Dialog>
  );
}

export const Component = PostModalPage;
