import AttachFile from '@mui/icons-material/AttachFile';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type Conversation,
  MESSAGE_ATTACHMENT_TYPES,
  MESSAGE_MAX_ATTACHMENTS,
  MESSAGE_MAX_LENGTH,
  type MessageAttachment,
} from '@tradedesk/contracts';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import { ReportDialog } from '../posts/report-dialog';
import { MessageBubble } from './message-bubble';
import { lastSeenId, typingThrottle } from './messages-state';
import {
  useDeleteConversationForMeMutation,
  useDeleteMessageForMeMutation,
  useReportMessageMutation,
  useSendMessageMutation,
  useSendTypingMutation,
  useUploadMessageAttachmentMutation,
} from './messenger-api';
import { useConversationMessages } from './use-conversation-messages';

const messageOf = (error: unknown, fallback: string) => (isApiError(error) && error.message ? error.message : fallback);

/** The open conversation: its messages (older on demand), live, with the composer and typing. */
export function ConversationView(props: { conversation: Conversation; onDeleted: () => void }) {
  const { conversation: c } = props;
  const live = useConversationMessages(c.id, c.peerLastReadAt);
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<MessageAttachment[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [send, sending] = useSendMessageMutation();
  const [upload, uploading] = useUploadMessageAttachmentMutation();
  const [typing] = useSendTypingMutation();
  const [deleteMessage] = useDeleteMessageForMeMutation();
  const [deleteConversation] = useDeleteConversationForMeMutation();
  const [report] = useReportMessageMutation();
  const [reporting, setReporting] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const typed = useMemo(
    () =>
      typingThrottle(() => {
        typing(c.id).catch(() => {});
      }, 2000),
    [c.id, typing],
  );
  const seenId = lastSeenId(live.messages, live.peerReadAt);
  const lastId = live.messages.at(-1)?.id;

  useEffect(() => {
    if (lastId) bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() && attachments.length === 0) return;
    setProblem(null);
    try {
      const message = await send({
        conversationId: c.id,
        text: text.trim(),
        attachmentIds: attachments.map((a) => a.id),
      }).unwrap();
      live.added(message);
      setText('');
      setAttachments([]);
    } catch (error) {
      setProblem(messageOf(error, 'The message could not be sent.'));
    }
  }

  async function attach(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setProblem(null);
    try {
      const attachment = await upload(file).unwrap();
      setAttachments((current) => [...current, attachment]);
    } catch (error) {
      setProblem(messageOf(error, 'The file could not be attached.'));
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <Box
      component="section"
      aria-label={`Conversation with ${c.peer.displayName}`}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          <Link component={RouterLink} to={`/community/profile/${encodeURIComponent(c.peer.username)}`}>
            {c.peer.displayName}
          </Link>
          {c.friends && (
            <Typography component="span" variant="caption" sx={{ ml: 1 }}>
              Friends
            </Typography>
          )}
        </Typography>
        <Button size="small" color="error" onClick={() => setConfirmDelete(true)}>
          Delete conversation
        </Button>
      </Box>

      <Box sx={{ flex: 1, overflowY: 'auto', px: 2, py: 1 }}>
        {live.loadOlder && (
          <Box sx={{ textAlign: 'center' }}>
            <Button size="small" onClick={live.loadOlder} disabled={live.loading}>
              Load older messages
            </Button>
          </Box>
        )}
        {live.failed && live.messages.length === 0 ? (
          <ErrorState
            title="The messages could not be loaded."
            message={messageOf(live.failed, '')}
            onRetry={live.retry}
          />
        ) : live.loading && live.messages.length === 0 ? (
          <LoadingState label="Loading messages" />
        ) : live.messages.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            No messages yet. Say hello to {c.peer.displayName}.
          </Typography>
        ) : (
          <Box component="ol" aria-label="Messages" sx={{ p: 0, m: 0 }}>
            {live.messages.map((m) => (
              <MessageBubble
                key={m.id}
                message={m}
                seen={m.id === seenId}
                onDelete={(id) => {
                  deleteMessage(id)
                    .unwrap()
                    .then(() => live.removed(id))
                    .catch(() => {});
                }}
                onReport={(id) => setReporting(id)}
              />
            ))}
          </Box>
        )}
        <div ref={bottom} />
      </Box>

      <Typography variant="caption" color="text.secondary" aria-live="polite" sx={{ px: 2, minHeight: 20 }}>
        {live.peerTyping ? `${c.peer.displayName} is typing…` : ''}
      </Typography>

      {c.canMessage ? (
        <Box component="form" onSubmit={submit} sx={{ px: 2, pb: 2 }} aria-label="Write a message">
          {attachments.length > 0 && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
              {attachments.map((a) => (
                <Chip
                  key={a.id}
                  label={a.name}
                  onDelete={() => setAttachments((current) => current.filter((x) => x.id !== a.id))}
                />
              ))}
            </Box>
          )}
          {problem && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {problem}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept={MESSAGE_ATTACHMENT_TYPES.join(',')}
              aria-label="Attachment file"
              onChange={(e) => attach(e.target.files)}
            />
            <IconButton
              aria-label="Attach a file"
              onClick={() => fileInput.current?.click()}
              disabled={uploading.isLoading || attachments.length >= MESSAGE_MAX_ATTACHMENTS}
            >
              <AttachFile />
            </IconButton>
            <TextField
              label="Message"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                if (e.target.value) typed();
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  e.currentTarget.closest('form')?.requestSubmit();
                }
              }}
              multiline
              maxRows={5}
              fullWidth
              size="small"
              slotProps={{ htmlInput: { maxLength: MESSAGE_MAX_LENGTH } }}
            />
            <IconButton
              type="submit"
              color="primary"
              aria-label="Send"
              disabled={sending.isLoading || (!text.trim() && attachments.length === 0)}
            >
              <Send />
            </IconButton>
          </Box>
        </Box>
      ) : (
        <Alert severity="info" sx={{ m: 2 }}>
          {c.cannotMessageReason ?? 'You cannot message this person.'}
        </Alert>
      )}

      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)}>
        <DialogTitle>Delete this conversation?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Its messages are deleted for you only; {c.peer.displayName} keeps them. A new message brings the
            conversation back.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>Cancel</Button>
          <Button
            color="error"
            onClick={() => {
              setConfirmDelete(false);
              deleteConversation(c.id)
                .unwrap()
                .then(props.onDeleted)
                .catch(() => {});
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
      <ReportDialog
        open={reporting !== null}
        what="message"
        onClose={() => setReporting(null)}
        onSubmit={async (body) => {
          if (!reporting) return;
          await report({ id: reporting, ...body }).unwrap();
          toast.success('Thanks: the message was reported and staff will review it.');
        }}
      />
    </Box>
  );
}
