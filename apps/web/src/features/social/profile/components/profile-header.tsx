import LinkOutlined from '@mui/icons-material/LinkOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SocialProfile } from '@tradedesk/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useFormatters } from '../../../../shared/format/format-preferences';
import type { ProfileTab } from '../profile-tabs';
import { ProfileActions } from './profile-actions';
import { ShareProfileDialog } from './share-profile-dialog';

/**
 * The top of a profile: banner, avatar, name, biography, counts and the actions (Edit on one's own profile; follow,
 * message, share, block and report on others'). Counts link to their tabs unless the view is limited.
 */
export function ProfileHeader(props: {
  profile: SocialProfile;
  tabHref: (tab: ProfileTab) => string;
  onEdit?: () => void;
}) {
  const p = props.profile;
  const f = useFormatters();
  const [sharing, setSharing] = useState(false);
  const count = (n: number, one: string, many: string, tab?: ProfileTab) => {
    const text = (
      <>
        <Box component="strong">{n}</Box> {n === 1 ? one : many}
      </>
    );
    return tab && !p.limited ? (
      <Link component={RouterLink} to={props.tabHref(tab)} underline="hover" color="inherit">
        {text}
      </Link>
    ) : (
      <span>{text}</span>
    );
  };

  return (
    <Paper variant="outlined" component="header" sx={{ overflow: 'hidden' }}>
      <Box
        sx={{
          aspectRatio: '4 / 1',
          maxHeight: 220,
          width: '100%',
          bgcolor: 'action.hover',
          ...(p.bannerUrl ? {} : { backgroundImage: 'linear-gradient(135deg, rgba(80,120,255,.25), transparent)' }),
        }}
      >
        {p.bannerUrl && (
          <Box
            component="img"
            src={p.bannerUrl}
            alt={`${p.displayName}'s banner`}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        )}
      </Box>
      <Box sx={{ px: 2, pb: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap', mt: -5 }}>
          <Avatar
            src={p.avatarUrl ?? undefined}
            alt={`${p.displayName}'s avatar`}
            sx={{ width: 96, height: 96, border: 3, borderColor: 'background.paper', fontSize: 36 }}
          >
            {p.displayName.charAt(0).toUpperCase()}
          </Avatar>
          <Box sx={{ flex: 1 }} />
          {p.relation.self ? (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button variant="outlined" onClick={props.onEdit}>
                Edit profile
              </Button>
              <IconButton aria-label="Share profile" onClick={() => setSharing(true)}>
                <ShareOutlined />
              </IconButton>
              <ShareProfileDialog
                open={sharing}
                name={p.displayName}
                shareUrl={p.shareUrl}
                onClose={() => setSharing(false)}
              />
            </Box>
          ) : (
            <ProfileActions profile={p} />
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            {p.displayName}
          </Typography>
          {!p.isPublic && <LockOutlined titleAccess="Private profile" fontSize="small" />}
          {p.relation.followedBy && !p.relation.self && <Chip size="small" label="Follows you" />}
          {p.relation.friends && <Chip size="small" variant="outlined" label="Friends" />}
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          @{p.username}
        </Typography>
        {!p.limited && p.biography && (
          <Typography variant="body1" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
            {p.biography}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1, color: 'text.secondary' }}>
          {!p.limited && p.location && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <PlaceOutlined fontSize="small" aria-hidden />
              <Typography variant="body2">{p.location}</Typography>
            </Box>
          )}
          {!p.limited && p.url && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <LinkOutlined fontSize="small" aria-hidden />
              <Link href={p.url} target="_blank" rel="noopener noreferrer nofollow" variant="body2">
                {p.url.replace(/^https?:\/\//, '')}
              </Link>
            </Box>
          )}
          <Typography variant="body2">Joined {f.date(p.joinedAt)}</Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 2, mt: 1 }} aria-label="Counts">
          {count(p.counts.posts, 'post', 'posts')}
          {count(p.counts.followers, 'follower', 'followers', 'followers')}
          {count(p.counts.following, 'following', 'following', 'following')}
        </Box>
      </Box>
    </Paper>
  );
}
