import Send from '@mui/icons-material/Send';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { insertMention, mentionAt } from './channel-messages-state';
import { usePageMembersQuery } from './community-page-api';

const MAX = 2000;
const DEBOUNCE_MS = 200;

/**
 * The message box of a channel: Enter sends, Shift+Enter breaks the line. Typing `@` and a few letters suggests
 * members (arrows to move, Enter or Tab to insert, Escape to close); the server resolves the mentions.
 */
export function ChannelComposer(props: {
  communityId: string;
  channelName: string;
  busy: boolean;
  problem: string | null;
  onSend: (content: string) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [closed, setClosed] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const at = closed ? null : mentionAt(text, caret);
  const [term, setTerm] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setTerm(at?.query ?? ''), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [at?.query]);
  const members = usePageMembersQuery(
    { id: props.communityId, page: 1, limit: 5, search: term, roleId: null },
    { skip: !at || term === '' },
  );
  const options = at && term !== '' && term === at.query ? (members.data?.items ?? []) : [];
  const open = options.length > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at its first suggestion
  useEffect(() => setActive(0), [term]);

  const choose = (username: string) => {
    if (!at) return;
    const next = insertMention(text, at, username);
    setText(next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const content = text.trim();
    if (!content || props.busy) return;
    if (await props.onSend(content)) {
      setText('');
      setCaret(0);
    }
  };

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} aria-label="Write a message" sx={{ position: 'relative' }}>
      {open && (
        <Paper elevation={4} sx={{ position: 'absolute', bottom: '100%', left: 0, mb: 0.5, minWidth: 260, zIndex: 2 }}>
          <List id={listId} role="listbox" aria-label="Members to mention" dense>
            {options.map((m, i) => (
              <ListItemButton
                key={m.user.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                selected={i === active}
                // keep the focus in the text box
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(m.user.username)}
              >
                <ListItemAvatar sx={{ minWidth: 36 }}>
                  <Avatar src={m.user.avatarUrl ?? undefined} alt="" sx={{ width: 24, height: 24 }}>
                    {m.user.displayName.charAt(0).toUpperCase()}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText primary={m.user.displayName} secondary={`@${m.user.username}`} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
      {props.problem && (
        <InlineAlert severity="error" sx={{ mt: 0, mb: 1 }}>
          {props.problem}
        </InlineAlert>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}>
        <TextField
          inputRef={input}
          label={`Message #${props.channelName}`}
          value={text}
          multiline
          maxRows={6}
          fullWidth
          size="small"
          onChange={(e) => {
            setText(e.target.value);
            setCaret(e.target.selectionStart ?? e.target.value.length);
            setClosed(false);
          }}
          onSelect={(e) => setCaret((e.target as HTMLTextAreaElement).selectionStart ?? 0)}
          onKeyDown={(e) => {
            if (open) {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                const step = e.key === 'ArrowDown' ? 1 : -1;
                setActive((i) => (i + step + options.length) % options.length);
                return;
              }
              if (e.key === 'Enter' || e.key === 'Tab') {
                e.preventDefault();
                const m = options[active];
                if (m) choose(m.user.username);
                return;
              }
              if (e.key === 'Escape') {
                e.preventDefault();
                setClosed(true);
                return;
              }
            }
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void submit();
            }
          }}
          slotProps={{
            htmlInput: {
              maxLength: MAX,
              role: 'combobox',
              'aria-autocomplete': 'list',
              'aria-expanded': open,
              'aria-controls': open ? listId : undefined,
              'aria-activedescendant': open ? `${listId}-${active}` : undefined,
            },
          }}
        />
        <IconButton type="submit" color="primary" aria-label="Send" disabled={props.busy || !text.trim()}>
          <Send />
        </IconButton>
      </Box>
    </Box>
  );
}
