import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { POST_CONTENT_MAX, type Post, REPLY_ACCESS, type ReplyAccess } from '@tradedesk/contracts';
import { useState } from 'react';
import { InlineError } from './inline-error';
import { htmlToText, REPLY_ACCESS_LABELS } from './post-text';
import { useUpdatePostMutation } from './posts-api';

/** Edit a post's text, reply access and comment control (a poll or a verified trade never changes). */
export function EditPostDialog(props: { post: Post; onClose: () => void }) {
  const { post } = props;
  const [content, setContent] = useState(() => htmlToText(post.content));
  const [replyAccess, setReplyAccess] = useState<ReplyAccess>(post.replyAccess);
  const [closed, setClosed] = useState(post.commentsClosed);
  const [update, state] = useUpdatePostMutation();
  const save = async () => {
    const done = await update({
      id: post.id,
      body: { content, reply_access: replyAccess, comments_closed: closed },
    });
    if (!('error' in done)) props.onClose();
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="edit-post-title">
      <DialogTitle id="edit-post-title">Edit post</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField
          label="Post text"
          multiline
          minRows={3}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          slotProps={{ htmlInput: { maxLength: POST_CONTENT_MAX } }}
        />
        <TextField
          select
          label="Who can reply"
          value={replyAccess}
          onChange={(e) => setReplyAccess(e.target.value as ReplyAccess)}
        >
          {REPLY_ACCESS.map((r) => (
            <MenuItem key={r} value={r}>
              {REPLY_ACCESS_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={closed} onChange={(e) => setClosed(e.target.checked)} />}
          label="Turn off comments"
        />
        <InlineError error={state.error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" disabled={state.isLoading} onClick={() => void save()}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
