import LockOutlined from '@mui/icons-material/LockOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ProfileSummary } from '@tradedesk/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export function profilePath(username: string): string {
  return `/community/profile/${encodeURIComponent(username)}`;
}

/** One person in a list: avatar, name linking to their profile, @username, and the row's actions. */
export function PersonRow(props: { person: ProfileSummary; actions?: ReactNode; note?: ReactNode }) {
  const p = props.person;
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Avatar src={p.avatarUrl ?? undefined} alt="" sx={{ width: 40, height: 40 }}>
        {p.displayName.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Link component={RouterLink} to={profilePath(p.username)} underline="hover" sx={{ fontWeight: 600 }}>
          {p.displayName}
        </Link>
        {!p.isPublic && <LockOutlined titleAccess="Private profile" sx={{ fontSize: 14, ml: 0.5 }} />}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          @{p.username}
          {props.note}
        </Typography>
      </Box>
      {props.actions && <Box sx={{ display: 'flex', gap: 1 }}>{props.actions}</Box>}
    </Box>
  );
}
