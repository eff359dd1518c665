import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { Message } from '@tradedesk/contracts';
import { useState } from 'react';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** One message with its attachments and its menu (delete for me; report when received). */
export function MessageBubble(props: {
  message: Message;
  seen: boolean;
  onDelete: (id: string) => void;
  onReport: (id: string) => void;
}) {
  const { message: m } = props;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hidden = m.moderated && !m.mine;
  return (
    <Box
      component="li"
      sx={{ display: 'flex', justifyContent: m.mine ? 'flex-end' : 'flex-start', listStyle: 'none', my: 0.5 }}
    >
      <Box
        sx={{
          maxWidth: '75%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: m.mine ? 'primary.main' : 'action.hover',
          color: m.mine ? 'primary.contrastText' : 'text.primary',
        }}
      >
        {hidden ? (
          <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
            This message was hidden by moderation.
          </Typography>
        ) : (
          <>
            {m.text && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.text}
              </Typography>
            )}
            {m.attachments.map((a) =>
              a.kind === 'image' ? (
                <Box
                  key={a.id}
                  component="img"
                  src={a.url}
                  alt={`Attached image ${a.name}`}
                  sx={{ display: 'block', maxWidth: 260, maxHeight: 260, borderRadius: 1, mt: 0.5 }}
                />
              ) : (
                <Link key={a.id} href={a.url} target="_blank" rel="noopener" color="inherit" sx={{ display: 'block' }}>
                  {a.name} ({Math.ceil(a.sizeBytes / 1024)} KB)
                </Link>
              ),
            )}
          </>
        )}
        <Typography variant="caption" sx={{ opacity: 0.8 }}>
          {time(m.createdAt)}
          {m.mine && m.moderated ? ' · hidden by moderation' : ''}
          {props.seen ? ' · Seen' : ''}
        </Typography>
      </Box>
      <IconButton size="small" aria-label="Message actions" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            props.onDelete(m.id);
          }}
        >
          Delete for me
        </MenuItem>
        {!m.mine && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              props.onReport(m.id);
            }}
          >
            Report
          </MenuItem>
        )}
      </Menu>
    </Box>
  );
}
