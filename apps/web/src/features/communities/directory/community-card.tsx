import LockOutlined from '@mui/icons-material/LockOutlined';
import Public from '@mui/icons-material/Public';
import PushPin from '@mui/icons-material/PushPin';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { CommunitySummary, CommunityVisibility } from '@tradedesk/contracts';
import type { ReactElement, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { communityPath } from './directory-url';

const VISIBILITY: Record<CommunityVisibility, { label: string; icon: ReactElement }> = {
  public: { label: 'Public', icon: <Public fontSize="small" /> },
  private: { label: 'Private', icon: <LockOutlined fontSize="small" /> },
  hidden: { label: 'Hidden', icon: <VisibilityOffOutlined fontSize="small" /> },
};

export function VisibilityBadge(props: { visibility: CommunityVisibility }) {
  const v = VISIBILITY[props.visibility];
  return <Chip size="small" variant="outlined" icon={v.icon} label={v.label} />;
}

/** "1 member", "1,204 members". */
export function membersText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'member' : 'members'}`;
}

/**
 * A community in a list: image, name (the link to its page), handle, member count, visibility, and an action
 * (join, open...). With `onTogglePin` (Your Community), a pin button keeps it at the top of the list.
 */
export function CommunityCard(props: {
  community: CommunitySummary;
  action?: ReactNode;
  onTogglePin?: () => void;
  pinBusy?: boolean;
}) {
  const c = props.community;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-label={c.name}
      sx={{ p: 2, display: 'grid', gap: 1.5, alignContent: 'start', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
        <Avatar src={c.imageUrl ?? undefined} alt="" variant="rounded" sx={{ width: 48, height: 48 }}>
          {c.name.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Link
            component={RouterLink}
            to={communityPath(c.handle)}
            underline="hover"
            color="inherit"
            sx={{
              fontWeight: 600,
              display: 'block',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {c.name}
          </Link>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
            @{c.handle}
          </Typography>
        </Box>
        {props.onTogglePin && (
          <Tooltip title={c.pinned ? 'Unpin' : 'Pin to the top'}>
            <IconButton
              size="small"
              onClick={props.onTogglePin}
              disabled={props.pinBusy}
              aria-pressed={c.pinned}
              aria-label={c.pinned ? `Unpin ${c.name}` : `Pin ${c.name} to the top`}
            >
              {c.pinned ? <PushPin fontSize="small" /> : <PushPinOutlined fontSize="small" />}
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {c.description && (
        <Typography
          variant="body2"
          sx={{
            color: 'text.secondary',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {c.description}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <VisibilityBadge visibility={c.visibility} />
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
          {membersText(c.memberCount)}
        </Typography>
        {props.action}
      </Box>
    </Paper>
  );
}

/** Cards in a responsive grid. */
export function CardGrid(props: { label: string; children: ReactNode }) {
  return (
    <Box
      role="list"
      aria-label={props.label}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        '& > *': { minWidth: 0 },
      }}
    >
      {props.children}
    </Box>
  );
}

export function CardItem(props: { children: ReactNode }) {
  return (
    <Box role="listitem" sx={{ display: 'grid' }}>
      {props.children}
    </Box>
  );
}
