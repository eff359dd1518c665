import EditOutlined from '@mui/icons-material/EditOutlined';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { Community, Post } from '@tradedesk/contracts';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { isApiError } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import { selectCurrentUser } from '../../auth';
import { openComposer } from '../../social/posts/composer/composer-store';
import { ConfirmDialog } from '../../social/posts/confirm-dialog';
import { PostCard } from '../../social/posts/post-card';
import { useDeletePostMutation } from '../../social/posts/posts-api';
import { type FeedFilter, type FeedSort, usePageFeedQuery, usePagePinPostMutation } from './community-page-api';
import { can } from './community-tabs';

const LIMIT = 10;

/** ?filter and ?sort of the feed tab, falling back to the defaults (from anyone, recent). */
export function feedArgsOf(params: URLSearchParams): { filter: FeedFilter; sort: FeedSort } {
  return {
    filter: params.get('filter') === 'people_you_follow' ? 'people_you_follow' : 'from_anyone',
    sort: params.get('sort') === 'top' ? 'top' : 'recent',
  };
}

/** A moderator's tools under a post: pin or unpin it in the community, and remove someone else's post. */
function ModeratorTools(props: { community: Community; post: Post }) {
  const { community: c, post } = props;
  const me = useAppSelector(selectCurrentUser);
  const [pin, pinning] = usePagePinPostMutation();
  const [remove, removing] = useDeletePostMutation();
  const [confirm, setConfirm] = useState(false);
  const canPin = can(c, 'pin_posts');
  // the post's own menu offers Delete when the server says the caller may (author or moderator)
  const canRemove = can(c, 'moderate_posts') && !post.canDelete && post.author.id !== me?.id;
  if (!canPin && !canRemove) return null;
  const onPin = async () => {
    const r = await pin({ id: c.id, postId: post.id, on: !post.pinned });
    if ('error' in r)
      toast.error(isApiError(r.error) && r.error.message ? r.error.message : 'The pin was not changed. Try again.');
  };
  return (
    // a footer joined to the card above it (which loses its bottom corners), not a button floating between posts
    <Stack
      direction="row"
      spacing={1}
      sx={{
        justifyContent: 'flex-end',
        px: 1,
        py: 0.25,
        border: 1,
        borderTop: 0,
        borderColor: 'divider',
        borderBottomLeftRadius: (t) => t.shape.borderRadius,
        borderBottomRightRadius: (t) => t.shape.borderRadius,
        bgcolor: 'action.hover',
      }}
    >
      {canPin && (
        <Button
          size="small"
          startIcon={<PushPinOutlined />}
          disabled={pinning.isLoading}
          onClick={() => void onPin()}
          aria-label={`${post.pinned ? 'Unpin' : 'Pin'} the post by ${post.author.displayName} ${post.pinned ? 'from' : 'to'} the community`}
        >
          {post.pinned ? 'Unpin' : 'Pin'}
        </Button>
      )}
      {canRemove && (
        <Button
          size="small"
          color="error"
          onClick={() => setConfirm(true)}
          aria-label={`Remove the post by ${post.author.displayName}`}
        >
          Remove
        </Button>
      )}
      <ConfirmDialog
        open={confirm}
        title="Remove this post?"
        text={`The post by ${post.author.displayName}, its comments and likes are removed for everyone. The removal is written in the audit log.`}
        confirmLabel="Remove"
        busy={removing.isLoading}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          void remove(post.id).then((r) => {
            setConfirm(false);
            if ('error' in r)
              toast.error(
                isApiError(r.error) && r.error.message ? r.error.message : 'The post was not removed. Try again.',
              );
            else toast.success('Post removed.');
          })
        }
      />
    </Stack>
  );
}

/**
 * The Feed tab: the community's posts (pinned first on page 1), filter and sort in the URL, numbered pages, the
 * composer set to this community (after the rules, when the member has not accepted them yet).
 */
export function CommunityFeed(props: { community: Community; guard: (then: () => void) => void }) {
  const { community: c } = props;
  const [params, setParams] = useSearchParams();
  const args = feedArgsOf(params);
  const [page, setPage] = useState(1);
  const query = usePageFeedQuery({ id: c.id, page, limit: LIMIT, ...args });
  const canPost = c.membership === 'member' && can(c, 'post');

  const set = (key: 'filter' | 'sort', value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
    setPage(1);
  };
  const write = () => props.guard(() => openComposer({ communityId: c.id }));

  let body: ReactNode;
  if (query.isLoading) body = <LoadingState label="Loading the feed" variant="rows" rows={3} />;
  else if (query.isError || !query.data)
    body = (
      <ErrorState
        title="The feed could not be loaded."
        message={isApiError(query.error) ? query.error.message : undefined}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (query.data.items.length === 0)
    body = (
      <EmptyState
        title={args.filter === 'people_you_follow' ? 'No posts from people you follow here yet.' : 'No posts yet.'}
        description={canPost ? 'Share the first idea with the community.' : undefined}
        action={
          canPost ? (
            <Button variant="contained" onClick={write}>
              Write a post
            </Button>
          ) : undefined
        }
      />
    );
  else {
    const pages = Math.max(1, Math.ceil(query.data.total / LIMIT));
    body = (
      <Stack spacing={1.5}>
        {query.data.items.map((post) => (
          <Box
            key={post.id}
            sx={{ '& > article:not(:last-child)': { borderBottomLeftRadius: 0, borderBottomRightRadius: 0 } }}
          >
            <PostCard post={post} />
            <ModeratorTools community={c} post={post} />
          </Box>
        ))}
        {pages > 1 && (
          <Pagination
            count={pages}
            page={page}
            onChange={(_e, p) => setPage(p)}
            sx={{ alignSelf: 'center' }}
            aria-label="Pages of posts"
          />
        )}
      </Stack>
    );
  }

  return (
    <Box>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        <Tabs value={args.filter} onChange={(_e, v: string) => set('filter', v)} aria-label="Whose posts">
          <Tab value="from_anyone" label="From anyone" />
          <Tab value="people_you_follow" label="People you follow" />
        </Tabs>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
            value={args.sort}
            onChange={(_e, v: string | null) => v && set('sort', v)}
            aria-label="Sort posts"
          >
            <ToggleButton value="recent">Recent</ToggleButton>
            <ToggleButton value="top">Top</ToggleButton>
          </ToggleButtonGroup>
          {canPost && (
            <Button variant="contained" startIcon={<EditOutlined />} onClick={write}>
              Write a post
            </Button>
          )}
        </Stack>
      </Stack>
      {body}
    </Box>
  );
}
