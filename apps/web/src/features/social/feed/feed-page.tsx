import BookmarksOutlined from '@mui/icons-material/BookmarksOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import type { WsClient } from '../../../shared/ws/ws-client';
import { openComposer } from '../posts/composer/composer-store';
import { PostCard } from '../posts/post-card';
import { type FeedFilter, type FeedSort, useSocialFeedInfiniteQuery } from './feed-api';
import { useNewPostsBanner } from './use-new-posts-banner';

/** Reads ?filter and ?sort, falling back to the defaults (from anyone, recent) for anything else. */
export function feedArgsOf(params: URLSearchParams): { filter: FeedFilter; sort: FeedSort } {
  const filter = params.get('filter') === 'people_you_follow' ? 'people_you_follow' : 'from_anyone';
  const sort = params.get('sort') === 'top' ? 'top' : 'recent';
  return { filter, sort };
}

/** Calls `onVisible` when the sentinel scrolls into view (infinite scroll); the button is the fallback. */
function LoadMore(props: { onVisible: () => void; busy: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const { onVisible } = props;
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onVisible();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [onVisible]);
  return (
    <Box ref={ref} sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
      {props.busy ? <LoadingState label="Loading more posts" /> : <Button onClick={onVisible}>Load more posts</Button>}
    </Box>
  );
}

/** The community feed (/community): filter and sort in the URL, pages by cursor, the live new-post banner. */
export function FeedPage(props: { client?: WsClient }) {
  const [params, setParams] = useSearchParams();
  const args = feedArgsOf(params);
  const query = useSocialFeedInfiniteQuery(args);
  const posts = query.data?.pages.flatMap((p) => p.items) ?? [];
  const newestId = args.sort === 'recent' ? (posts[0]?.id ?? null) : null;
  const banner = useNewPostsBanner({
    filter: args.filter,
    newestId,
    client: props.client,
    onPostWhileEmpty: () => {
      if (args.sort === 'recent' && !query.isFetching && posts.length === 0) void query.refetch();
    },
  });
  const { fetchNextPage, isFetchingNextPage, hasNextPage } = query;
  const loadMore = useRef(() => {});
  loadMore.current = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  const onVisible = useRef(() => loadMore.current()).current;

  const set = (key: 'filter' | 'sort', value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };
  const showNew = () => {
    banner.reset();
    void query.refetch();
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  };

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Community
        </Typography>
        <Button component={RouterLink} to="/community/bookmarks" startIcon={<BookmarksOutlined />}>
          Bookmarks
        </Button>
        <Button variant="contained" onClick={() => openComposer()}>
          New post
        </Button>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Tabs value={args.filter} onChange={(_e, v: string) => set('filter', v)} aria-label="Whose posts">
          <Tab value="from_anyone" label="From anyone" />
          <Tab value="people_you_follow" label="People you follow" />
        </Tabs>
        <ToggleButtonGroup
          size="small"
          exclusive
          // the unselected choice in the body text colour: the default grey is short of 4.5:1 on the light page
          sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
          value={args.sort}
          onChange={(_e, v: string | null) => v && set('sort', v)}
          aria-label="Sort posts"
        >
          <ToggleButton value="recent">Recent</ToggleButton>
          <ToggleButton value="top">Top</ToggleButton>
        </ToggleButtonGroup>
      </Stack>

      {banner.count > 0 && (
        <Box sx={{ position: 'sticky', top: 8, zIndex: 2, display: 'flex', justifyContent: 'center', my: 1 }}>
          <Button variant="contained" color="secondary" onClick={showNew} aria-live="polite">
            Show {banner.count} new {banner.count === 1 ? 'post' : 'posts'}
          </Button>
        </Box>
      )}

      <Box sx={{ mt: 2 }}>
        {query.isLoading ? (
          <LoadingState label="Loading the feed" variant="rows" rows={4} />
        ) : query.isError && posts.length === 0 ? (
          <ErrorState
            title="The feed could not be loaded."
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : posts.length === 0 ? (
          <EmptyState
            title={args.filter === 'people_you_follow' ? 'No posts from people you follow yet.' : 'No posts yet.'}
            description={
              args.filter === 'people_you_follow'
                ? 'Follow traders to see their ideas here, or look at posts from anyone.'
                : 'Share the first idea.'
            }
            action={
              <Button variant="contained" onClick={() => openComposer()}>
                New post
              </Button>
            }
          />
        ) : (
          <Stack spacing={1.5}>
            {posts.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
            {hasNextPage ? (
              <LoadMore onVisible={onVisible} busy={isFetchingNextPage} />
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', py: 2 }}>
                You are all caught up.
              </Typography>
            )}
          </Stack>
        )}
      </Box>
    </Box>
  );
}

export const Component = FeedPage;
