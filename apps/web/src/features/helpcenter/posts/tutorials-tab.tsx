import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { HELP_LIST_LIMIT } from './bugs-tab';
import {
  BackToList,
  Byline,
  ItemState,
  LikeButton,
  Pager,
  PlainText,
  PostList,
  PostRow,
  SearchBox,
} from './post-parts';
import { useHelpPostQuery, useHelpPostsQuery } from './posts-api';

function TutorialList() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, isFetching, refetch } = useHelpPostsQuery({
    kind: 'tutorial',
    search,
    page,
    limit: HELP_LIST_LIMIT,
  });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <SearchBox
        label="Search tutorials"
        value={search}
        onSearch={(q) => {
          setSearch(q);
          setPage(1);
        }}
      />
      {isLoading ? (
        <LoadingState label="Loading the tutorials…" />
      ) : isError || !data ? (
        <ErrorState title="The tutorials could not be loaded." onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState title={search ? 'No tutorials match.' : 'No tutorials yet.'} />
      ) : (
        <PostList label="Tutorials">
          {data.items.map((p) => (
            <PostRow key={p.id} post={p} to={`/help/tutorials/${p.id}`} meta={<LikeButton post={p} />} />
          ))}
        </PostList>
      )}
      {data && <Pager page={page} limit={data.limit} total={data.total} busy={isFetching} onPage={setPage} />}
    </Box>
  );
}

function TutorialView(props: { id: string }) {
  const { data: post, isLoading, error, refetch } = useHelpPostQuery({ kind: 'tutorial', id: props.id });
  return (
    <Box component="article" aria-labelledby="tutorial-title" sx={{ display: 'grid', gap: 2 }}>
      <BackToList tab="tutorials" label="All tutorials" />
      {post ? (
        <>
          <div>
            <Typography id="tutorial-title" variant="h5" component="h2">
              {post.title}
            </Typography>
            <Byline person={post.author} at={post.createdAt} extra={<LikeButton post={post} />} />
          </div>
          {post.videoUrl && (
            <Box>
              <Button
                variant="contained"
                href={post.videoUrl}
                target="_blank"
                rel="noopener noreferrer"
                startIcon={<OndemandVideoOutlined />}
              >
                Watch the video
              </Button>
            </Box>
          )}
          <PlainText text={post.body} />
        </>
      ) : (
        <ItemState isLoading={isLoading} error={error} what="tutorial" onRetry={() => void refetch()} />
      )}
    </Box>
  );
}

/** The help center's "Tutorials" tab. */
export function TutorialsTab(props: { itemId?: string }) {
  return props.itemId ? <TutorialView id={props.itemId} /> : <TutorialList />;
}
export { TutorialsTab as default };
