import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { Conversation } from '@tradedesk/contracts';

function previewOf(c: Conversation): string {
  const m = c.lastMessage;
  if (!m) return 'No messages yet';
  const text = m.moderated && !m.mine ? 'Hidden by moderation' : m.text || 'Attachment';
  return m.mine ? `You: ${text}` : text;
}

/** The caller's conversations, the open one selected; presentational. */
export function ConversationList(props: {
  conversations: Conversation[];
  openId: string | null;
  onOpen: (id: string) => void;
}) {
  return (
    <List aria-label="Conversations" dense disablePadding>
      {props.conversations.map((c) => (
        <ListItem key={c.id} disablePadding>
          <ListItemButton
            selected={c.id === props.openId}
            aria-current={c.id === props.openId ? 'true' : undefined}
            onClick={() => props.onOpen(c.id)}
            aria-label={`${c.peer.displayName}${c.unreadCount ? `, ${c.unreadCount} unread` : ''}`}
          >
            <ListItemAvatar>
              <Badge color="primary" badgeContent={c.unreadCount} overlap="circular">
                <Avatar src={c.peer.avatarUrl ?? undefined} alt="">
                  {c.peer.displayName.slice(0, 1).toUpperCase()}
                </Avatar>
              </Badge>
            </ListItemAvatar>
            <ListItemText
              primary={c.peer.displayName}
              secondary={previewOf(c)}
              slotProps={{
                primary: { sx: { fontWeight: c.unreadCount ? 700 : 400 }, noWrap: true },
                secondary: { noWrap: true },
              }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
