import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PostListView } from './post-list-view';
import { BackToList, Byline, ItemState, LikeButton, PlainText } from './post-parts';
import { useHelpPostQuery } from './posts-api';

function TutorialList() {
  return (
    <PostListView
      kind="tutorial"
      tab="tutorials"
      label="Tutorials"
      searchLabel="Search tutorials"
      empty={{ title: 'No tutorials yet.', filtered: 'No tutorials match.' }}
      meta={(p) => <LikeButton post={p} />}
    />
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
