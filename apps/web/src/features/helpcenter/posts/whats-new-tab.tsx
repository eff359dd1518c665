import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { HelpPost } from '@tradedesk/contracts';
import { Link as RouterLink } from 'react-router';
import { ActivityList, CommentsSection } from './comments-section';
import { PostListView } from './post-list-view';
import { BackToList, ItemState, LikeButton, PlainText, PostHeading } from './post-parts';
import { useHelpPostQuery } from './posts-api';

/** Announcements or updates, newest first, each with its likes. */
function NewsList(props: { kind: 'announcement' | 'update'; title: string; empty: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="h6" component="h2">
        {props.title}
      </Typography>
      <PostListView
        kind={props.kind}
        tab="whats_new"
        label={props.title}
        empty={{ title: props.empty }}
        meta={(p) => (
          <>
            {p.version && <Chip size="small" label={`Version ${p.version}`} sx={{ height: 20 }} />}
            <LikeButton post={p} />
          </>
        )}
      />
    </Box>
  );
}

/** An announcement or update with its likes and comments; updates list the requests they shipped. */
export function NewsPost(props: { post: HelpPost }) {
  const { post } = props;
  return (
    <Box component="article" aria-labelledby="news-title" sx={{ display: 'grid', gap: 2 }}>
      <div>
        <BackToList tab="whats_new" label="What’s new" />
        <PostHeading
          post={post}
          id="news-title"
          chip={post.version && <Chip size="small" label={`Version ${post.version}`} />}
          byline={<LikeButton post={post} />}
        />
      </div>
      <PlainText text={post.body} />
      {post.featureIds.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            Requests shipped
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {post.featureIds.map((id, i) => (
              <li key={id}>
                <Link component={RouterLink} to={`/help/all_requests/${id}`}>
                  Feature request {i + 1}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      )}
      <ActivityList post={post} />
      <CommentsSection post={post} />
    </Box>
  );
}

/** `/help/whats_new/{id}` names an announcement or an update: the announcement is asked first. */
function NewsView(props: { id: string }) {
  const announcement = useHelpPostQuery({ kind: 'announcement', id: props.id });
  const notAnnouncement = (announcement.error as { status?: number } | undefined)?.status === 404;
  const update = useHelpPostQuery({ kind: 'update', id: props.id }, { skip: !notAnnouncement });
  const post = announcement.data ?? update.data;
  if (post) return <NewsPost post={post} />;
  const current = notAnnouncement ? update : announcement;
  return (
    <>
      <BackToList tab="whats_new" label="What’s new" />
      <ItemState
        isLoading={announcement.isLoading || update.isLoading || (notAnnouncement && update.isUninitialized)}
        error={current.error}
        what="post"
        onRetry={() => void current.refetch()}
      />
    </>
  );
}

/** The help center's "What's new" tab: announcements and the changelog. */
export function WhatsNewTab(props: { itemId?: string }) {
  if (props.itemId) return <NewsView id={props.itemId} />;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        // minmax(0, …): a long line in one column is cut with an ellipsis instead of widening the page
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <NewsList kind="announcement" title="Announcements" empty="No announcements yet." />
      <NewsList kind="update" title="Updates" empty="No updates yet." />
    </Box>
  );
}
export { WhatsNewTab as default };
