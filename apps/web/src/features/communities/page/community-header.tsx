import LockOutlined from '@mui/icons-material/LockOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Community, CommunityVisibility } from '@tradedesk/contracts';
import { useFormatters } from '../../../shared/format/format-preferences';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { CommunityActions } from './community-actions';

const VISIBILITY: Record<CommunityVisibility, { label: string; icon: typeof LockOutlined }> = {
  public: { label: 'Public', icon: PublicOutlined },
  private: { label: 'Private', icon: LockOutlined },
  hidden: { label: 'Hidden', icon: VisibilityOffOutlined },
};

/**
 * The top of the community page: banner, image, name, handle, visibility, member count (when the community shows
 * it), the welcome message for members, and the actions.
 */
export function CommunityHeader(props: { community: Community }) {
  const c = props.community;
  const f = useFormatters();
  const vis = VISIBILITY[c.visibility];
  const Icon = vis.icon;
  const accent = c.settings.accentColor || undefined;
  return (
    <Paper variant="outlined" component="header" sx={{ overflow: 'hidden' }}>
      <Box
        sx={{
          aspectRatio: '5 / 1',
          maxHeight: 200,
          width: '100%',
          bgcolor: 'action.hover',
          ...(c.bannerUrl || !accent ? {} : { backgroundImage: `linear-gradient(135deg, ${accent}, transparent)` }),
        }}
      >
        {c.bannerUrl && (
          <Box
            component="img"
            src={c.bannerUrl}
            alt={`${c.name}'s banner`}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        )}
      </Box>
      <Box sx={{ px: 2, pb: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap', mt: -5 }}>
          <Avatar
            src={c.imageUrl ?? undefined}
            alt={`${c.name}'s image`}
            variant="rounded"
            sx={{ width: 96, height: 96, border: 3, borderColor: 'background.paper', fontSize: 36 }}
          >
            {c.name.charAt(0).toUpperCase()}
          </Avatar>
          <Box sx={{ flex: 1 }} />
          <CommunityActions community={c} />
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            {c.name}
          </Typography>
          <Chip size="small" variant="outlined" icon={<Icon fontSize="small" />} label={vis.label} />
          {c.membership === 'banned' && <Chip size="small" color="error" label="Banned" />}
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          @{c.handle}
          {c.settings.showMemberCount && ` · ${c.memberCount} ${c.memberCount === 1 ? 'member' : 'members'}`}
        </Typography>
        {c.description && (
          <Typography variant="body1" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
            {c.description}
          </Typography>
        )}
        {c.membership === 'member' && c.settings.welcomeMessage && (
          <InlineAlert severity="info" title="Welcome" sx={{ mt: 1.5, mb: 0 }}>
            <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
              {c.settings.welcomeMessage}
            </Box>
          </InlineAlert>
        )}
        {c.deletionScheduledFor && (
          <InlineAlert severity="warning" sx={{ mt: 1.5, mb: 0 }}>
            This community will be deleted on {f.dateTime(c.deletionScheduledFor)}. Its owner can restore it until then
            in the settings.
          </InlineAlert>
        )}
        {c.membership === 'banned' && (
          <InlineAlert severity="error" sx={{ mt: 1.5, mb: 0 }}>
            You are banned from this community: you cannot join it or take part.
          </InlineAlert>
        )}
      </Box>
    </Paper>
  );
}
