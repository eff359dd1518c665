import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useCommunityQuery } from '../community-api';
import { communityPath } from './community-tabs';
import { useRulesGate } from './rules-dialog';

/**
 * On the post page of a community post: the community it was posted in (a link to its page), and, for a member who
 * has not accepted the rules yet, the rules to accept before commenting.
 */
export function PostCommunity(props: { communityId: string }) {
  const q = useCommunityQuery(props.communityId);
  if (!q.data) return null;
  return <PostCommunityLine community={q.data} />;
}

function PostCommunityLine(props: { community: NonNullable<ReturnType<typeof useCommunityQuery>['data']> }) {
  const c = props.community;
  const gate = useRulesGate(c);
  const mustAccept = c.membership === 'member' && c.mustAcceptRules;
  return (
    <Paper
      variant="outlined"
      component="aside"
      aria-label="Community"
      sx={{ p: 1.5, mb: 1, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
    >
      <Avatar src={c.imageUrl ?? undefined} alt="" variant="rounded" sx={{ width: 32, height: 32 }}>
        <GroupsOutlined fontSize="small" />
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Posted in
        </Typography>
        <Link component={RouterLink} to={communityPath(c.handle)} underline="hover" sx={{ fontWeight: 600 }}>
          {c.name}
        </Link>{' '}
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          @{c.handle}
        </Typography>
      </Box>
      {mustAccept && (
        <Button size="small" variant="outlined" onClick={() => gate.guard(() => {})}>
          Read and accept the rules to comment
        </Button>
      )}
      {gate.dialog}
    </Paper>
  );
}
