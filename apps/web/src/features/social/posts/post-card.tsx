import BookmarkBorderOutlined from '@mui/icons-material/BookmarkBorderOutlined';
import BookmarkOutlined from '@mui/icons-material/BookmarkOutlined';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import FavoriteOutlined from '@mui/icons-material/FavoriteOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import Repeat from '@mui/icons-material/Repeat';
import StarBorderOutlined from '@mui/icons-material/StarBorderOutlined';
import StarOutlined from '@mui/icons-material/StarOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Post } from '@tradedesk/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { toast } from '../../../shared/toast/toast';
import { BookmarkDialog } from '../bookmarks/bookmark-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { EditPostDialog } from './edit-post-dialog';
import { PostAttachments } from './post-attachments';
import { PostContent } from './post-content';
import { timeAgo } from './post-text';
import { type PostAction, useDeletePostMutation, usePostActionMutation, useReportPostMutation } from './posts-api';
import { ReportDialog } from './report-dialog';

type Author = Post['author'];

function AuthorLine(props: { author: Author; createdAt: string; editedAt: string | null; postId: string }) {
  const a = props.author;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Avatar src={a.avatarUrl ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
        {a.displayName.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={`/community/profile/${encodeURIComponent(a.username)}`}
          underline="hover"
          sx={{ fontWeight: 600, color: 'text.primary' }}
        >
          {a.displayName}
        </Link>{' '}
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          @{a.username} ·{' '}
          <Link component={RouterLink} to={`/community/posts/${props.postId}`} color="inherit" underline="hover">
            <time dateTime={props.createdAt}>{timeAgo(props.createdAt)}</time>
          </Link>
          {props.editedAt ? ' · edited' : ''}
        </Typography>
      </Box>
    </Stack>
  );
}

/**
 * One post: author, text, attachments, counts and the actions (like, comment, repost, favourite, bookmark into a
 * folder) with a menu for report, pin, hide, edit and delete as the caller may. A repost shows the original inside.
 */
export function PostCard(props: { post: Post; bookmarkFolderId?: string | null; onDeleted?: () => void }) {
  const { post } = props;
  const shown = post.isRepost && post.repostOf ? post.repostOf : post;
  const [act] = usePostActionMutation();
  const [remove, removing] = useDeletePostMutation();
  const [report] = useReportPostMutation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<null | 'edit' | 'delete' | 'report' | 'bookmark'>(null);
  const mine = post.canEdit;

  const toggle = (action: PostAction, on: boolean, id = shown.id) => {
    setMenu(null);
    void act({ id, action, on });
  };
  const openDialog = (which: 'edit' | 'delete' | 'report') => {
    setMenu(null);
    setDialog(which);
  };
  const copyLink = () => {
    setMenu(null);
    void navigator.clipboard?.writeText(`${window.location.origin}/community/posts/${shown.id}`);
    toast.success('Link copied.');
  };

  return (
    <Card component="article" variant="outlined" aria-label={`Post by ${shown.author.displayName}`} sx={{ p: 2 }}>
      {post.isRepost && (
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'flex', gap: 0.5, mb: 1 }}>
          <Repeat fontSize="inherit" /> {post.author.displayName} reposted
        </Typography>
      )}
      <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <AuthorLine author={shown.author} createdAt={shown.createdAt} editedAt={shown.editedAt} postId={shown.id} />
        </Box>
        {post.pinned && <Chip size="small" icon={<PushPinOutlined />} label="Pinned" sx={{ mr: 1 }} />}
        {post.hidden && <Chip size="small" label="Hidden" color="warning" sx={{ mr: 1 }} />}
        <IconButton aria-label="Post actions" onClick={(e) => setMenu(e.currentTarget)} size="small">
          <MoreVert />
        </IconButton>
      </Stack>
      {post.isRepost && !post.repostOf ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          The original post is no longer available.
        </Typography>
      ) : (
        <Box sx={{ mt: 1 }}>
          <PostContent html={shown.content} />
          <PostAttachments post={shown} />
        </Box>
      )}
      <Stack direction="row" spacing={0.5} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          size="small"
          color={shown.liked ? 'error' : 'inherit'}
          startIcon={shown.liked ? <FavoriteOutlined /> : <FavoriteBorderOutlined />}
          aria-pressed={shown.liked}
          aria-label={`${shown.liked ? 'Unlike' : 'Like'} (${shown.counts.likes} likes)`}
          onClick={() => toggle('like', !shown.liked)}
        >
          {shown.counts.likes}
        </Button>
        <Button
          size="small"
          color="inherit"
          component={RouterLink}
          to={`/community/posts/${shown.id}`}
          startIcon={<ChatBubbleOutline />}
          aria-label={`Comments (${shown.counts.comments})`}
        >
          {shown.counts.comments}
        </Button>
        <Button
          size="small"
          color={shown.reposted ? 'success' : 'inherit'}
          startIcon={<Repeat />}
          aria-pressed={shown.reposted}
          aria-label={`${shown.reposted ? 'Undo repost' : 'Repost'} (${shown.counts.reposts} reposts)`}
          onClick={() => toggle('repost', !shown.reposted)}
          disabled={shown.author.id === post.author.id && mine && !post.isRepost}
        >
          {shown.counts.reposts}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title={shown.favorited ? 'Remove from favourites' : 'Add to favourites'}>
          <IconButton
            size="small"
            aria-pressed={shown.favorited}
            aria-label={shown.favorited ? 'Remove from favourites' : 'Add to favourites'}
            onClick={() => toggle('favorite', !shown.favorited)}
          >
            {shown.favorited ? <StarOutlined color="warning" /> : <StarBorderOutlined />}
          </IconButton>
        </Tooltip>
        <Tooltip title={shown.bookmarked ? 'Move or remove bookmark' : 'Bookmark'}>
          <IconButton
            size="small"
            aria-label={shown.bookmarked ? 'Move or remove bookmark' : 'Bookmark'}
            onClick={() => setDialog('bookmark')}
          >
            {shown.bookmarked ? <BookmarkOutlined color="primary" /> : <BookmarkBorderOutlined />}
          </IconButton>
        </Tooltip>
      </Stack>

      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem onClick={copyLink}>Copy link</MenuItem>
        {mine && !post.isRepost && <MenuItem onClick={() => openDialog('edit')}>Edit</MenuItem>}
        {mine && !post.isRepost && (
          <MenuItem onClick={() => toggle('pin', !post.pinned, post.id)}>
            {post.pinned ? 'Unpin from profile' : 'Pin to profile'}
          </MenuItem>
        )}
        {mine && (
          <MenuItem onClick={() => toggle('hide', !post.hidden, post.id)}>{post.hidden ? 'Unhide' : 'Hide'}</MenuItem>
        )}
        {post.canDelete && (
          <MenuItem onClick={() => openDialog('delete')} sx={{ color: 'error.main' }}>
            Delete
          </MenuItem>
        )}
        {!mine && <MenuItem onClick={() => openDialog('report')}>Report</MenuItem>}
      </Menu>

      {dialog === 'edit' && <EditPostDialog post={post} onClose={() => setDialog(null)} />}
      {dialog === 'bookmark' && (
        <BookmarkDialog
          postId={shown.id}
          bookmarked={shown.bookmarked}
          currentFolderId={props.bookmarkFolderId}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete this post?"
        text={
          post.trade
            ? 'The post and its verified trade card are removed for everyone. This cannot be undone.'
            : 'The post, its comments and likes are removed for everyone. This cannot be undone.'
        }
        confirmLabel="Delete"
        busy={removing.isLoading}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          void remove(post.id).then((r) => {
            setDialog(null);
            if (!('error' in r)) {
              toast.success('Post deleted.');
              props.onDeleted?.();
            }
          })
        }
      />
      <ReportDialog
        open={dialog === 'report'}
        what="post"
        onClose={() => setDialog(null)}
        onSubmit={async (body) => {
          const r = await report({ id: shown.id, body });
          if ('error' in r) throw r.error;
          toast.success('Thanks: the post was reported and staff will review it.');
        }}
      />
    </Card>
  );
}
