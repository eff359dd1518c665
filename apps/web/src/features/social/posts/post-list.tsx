import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { PostCard } from './post-card';
import { useFavoritePostsQuery, useProfilePostsQuery } from './posts-api';

/** The list of posts other social screens embed (the profile's Post tab, favourites). */
export type PostListSource = { kind: 'profile'; profileId: string } | { kind: 'favorites' };

const LIMIT = 10;

/** Numbered pages of posts: a profile's (GET /profile/{id}/posts, pinned first) or the caller's favourites. */
export function PostList(props: { source: PostListSource; emptyText?: string }) {
  const { source } = props;
  const [page, setPage] = useState(1);
  const profile = useProfilePostsQuery(
    { profileId: source.kind === 'profile' ? source.profileId : '', page, limit: LIMIT },
    { skip: source.kind !== 'profile' },
  );
  const favorites = useFavoritePostsQuery({ page, limit: LIMIT }, { skip: source.kind !== 'favorites' });
  const query = source.kind === 'profile' ? profile : favorites;

  if (query.isLoading) return <LoadingState label="Loading posts" variant="rows" rows={3} />;
  if (query.isError || !query.data)
    return (
      <ErrorState
        title="The posts could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const { items, total } = query.data;
  if (items.length === 0)
    return (
      <EmptyState
        title={props.emptyText ?? (source.kind === 'favorites' ? 'No favourite posts yet.' : 'No posts yet.')}
      />
    );
  const pages = Math.max(1, Math.ceil(total / LIMIT));
  return (
    <Stack spacing={1.5}>
      {items.map((post) => (
        <PostCard key={post.id} post={post} />
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
