import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AiAnswer } from '@tradedesk/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { LoadingState } from '../../../shared/states/loading-state';
import { ConfirmDialog } from '../../settings/components/confirm-dialog';
import { useAiSanityPromptsQuery, useClearAiChatMutation } from '../ai-api';
import type { AiChatDetail } from '../ai-wire';
import { mentionLabel } from '../prompt-text';
import type { TurnState } from '../use-turn';
import { type AnswerCallbacks, AnswerCard } from './answer-card';
import { AnswerText } from './answer-text';
import { useMentionNames } from './mention-picker';
import { ShareDialog } from './share-dialog';

/** A user's message: its text and mentions, and (unless read-only) Edit, which re-asks from it (history edit). */
function UserMessage(props: { entry: AiAnswer; onEdit?: (text: string) => void }) {
  const names = useMentionNames();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(props.entry.text);
  return (
    <Paper
      component="article"
      aria-label="Your message"
      variant="outlined"
      sx={{ p: 1.25, justifySelf: 'end', maxWidth: '85%', bgcolor: 'action.hover' }}
    >
      {editing ? (
        <Box
          component="form"
          sx={{ display: 'grid', gap: 1, minWidth: 280 }}
          onSubmit={(e) => {
            e.preventDefault();
            setEditing(false);
            if (text.trim()) props.onEdit?.(text.trim());
          }}
        >
          <TextField multiline label="Edit your message" value={text} onChange={(e) => setText(e.target.value)} />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button type="submit" variant="contained" size="small">
              Save and ask again
            </Button>
            <Button size="small" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </Box>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {props.entry.text}
          </Typography>
          {props.onEdit && (
            <IconButton size="small" aria-label="Edit message" onClick={() => setEditing(true)}>
              <EditOutlined fontSize="inherit" />
            </IconButton>
          )}
        </Box>
      )}
      {(props.entry.mentions.length > 0 || props.entry.media.length > 0) && (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
          {props.entry.mentions.map((m) => (
            <Chip key={`${m.category}${m.option}${m.subOption}`} size="small" label={mentionLabel(m, names)} />
          ))}
          {props.entry.media.map((m) => (
            <Chip key={m.id} size="small" variant="outlined" label={m.name} />
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** The entries of a chat (read-only on the shared page). */
export function Transcript(props: {
  messages: AiAnswer[];
  readOnly?: boolean;
  onEdit?: (entry: AiAnswer, text: string) => void;
  callbacks?: AnswerCallbacks;
}) {
  const lastAnswer = [...props.messages].reverse().find((m) => !m.isUser);
  return (
    <>
      {props.messages.map((m) =>
        m.isUser ? (
          <UserMessage
            key={m.response_id}
            entry={m}
            onEdit={props.readOnly ? undefined : (text) => props.onEdit?.(m, text)}
          />
        ) : (
          <AnswerCard
            key={m.response_id}
            answer={m}
            readOnly={props.readOnly}
            last={m === lastAnswer && m === props.messages[props.messages.length - 1]}
            {...props.callbacks}
          />
        ),
      )}
    </>
  );
}

/** Starter questions (sanity prompts) by category: one click asks. */
function Starters(props: { onAsk: (text: string) => void }) {
  const { data } = useAiSanityPromptsQuery();
  if (!data) return null;
  return (
    <Box aria-label="Starter questions" role="group" sx={{ display: 'grid', gap: 1.5 }}>
      {data.categories.map((c) => {
        const prompts = data.prompts.filter((p) => p.category === c.id || p.category === c.name);
        if (!prompts.length) return null;
        return (
          <Box key={c.id}>
            <Typography variant="subtitle2" component="h3">
              {c.name}
            </Typography>
            <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mt: 0.5 }}>
              {prompts.map((p) => (
                <Chip key={p.id} label={p.text} variant="outlined" onClick={() => props.onAsk(p.text)} />
              ))}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

/** Errors a second try can mend: the time limit, the network, a broken stream, a failure of the server or model. */
function retryable(error: { statusCode: number; code: string }): boolean {
  return error.statusCode === 0 || error.statusCode >= 500;
}

/** What the stored chat shows while a turn that replaces part of it runs: everything before the cut. */
export type Cut = number | null;

/**
 * The chat: header (title, Share, Clear), the stored entries, the turn streaming now (its question, text as it
 * arrives, then the answer), the error that ended a turn, and starter questions in an empty chat.
 */
export function ChatView(props: {
  chat: AiChatDetail | undefined;
  loading: boolean;
  turn: TurnState;
  cut: Cut;
  onAsk: (text: string) => void;
  onEdit: (entry: AiAnswer, text: string) => void;
  /** Sends the turn that failed again (shown with errors a second try can mend: a time limit, the network). */
  onRetry?: () => void;
  callbacks: AnswerCallbacks;
  composer: ReactNode;
  headerExtra?: ReactNode;
}) {
  const { chat, turn } = props;
  const [sharing, setSharing] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [clear, clearState] = useClearAiChatMutation();
  const stored = chat?.messages ?? [];
  const info = chat?.chat;
  const visible = turn.running && props.cut !== null ? stored.slice(0, props.cut) : stored;
  const storedIds = new Set(stored.map((m) => m.response_id));
  const live = turn.running || turn.error || (turn.answer && !storedIds.has(turn.answer.response_id)) ? turn : null;
  const questionShown = live?.question && !(turn.answer && storedIds.has(turn.answer.response_id));
  const empty = !props.loading && visible.length === 0 && !live;
  // The newest message stays in view: a question sent, each streamed part, the answer, an opened chat.
  const scroller = useRef<HTMLDivElement>(null);
  const liveSize = live ? `${live.question ?? ''}|${live.text.length}|${live.steps.length}|${live.actions.length}` : '';
  const lastId = stored.at(-1)?.response_id ?? '';
  useEffect(() => {
    const el = scroller.current;
    if (el && (lastId || liveSize)) el.scrollTop = el.scrollHeight;
  }, [lastId, liveSize]);
  return (
    <Box
      component="section"
      aria-label="Chat"
      sx={{ display: 'grid', gridTemplateRows: 'auto 1fr auto', minHeight: 0, gap: 1 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1, minWidth: 0 }} noWrap>
          {info?.title ?? (live?.question ? live.question.slice(0, 80) : 'New chat')}
        </Typography>
        {props.headerExtra}
        {chat && (
          <>
            <Button size="small" onClick={() => setSharing(true)}>
              Share chat
            </Button>
            <Button size="small" color="error" disabled={stored.length === 0} onClick={() => setClearing(true)}>
              Clear chat
            </Button>
          </>
        )}
      </Box>
      <Box
        ref={scroller}
        aria-live="polite"
        sx={{ overflow: 'auto', display: 'grid', gap: 1.5, alignContent: 'start', minHeight: 0, pr: 0.5 }}
      >
        {/* a chat the turn just created is read after the answer: its live question and answer stay meanwhile */}
        {props.loading && !live && <LoadingState label="Loading the chat" />}
        {empty && (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Ask about your own trading: performance over a period, by hour, day or symbol; your prop rules and the
              room left today; a position size for a stop; events and news for a symbol; an indicator's reading.
            </Typography>
            <Starters onAsk={props.onAsk} />
          </Box>
        )}
        <Transcript messages={visible} onEdit={props.onEdit} callbacks={props.callbacks} />
        {live && (
          <>
            {questionShown && (
              <Paper
                variant="outlined"
                aria-label="Your message"
                sx={{ p: 1.25, justifySelf: 'end', maxWidth: '85%', bgcolor: 'action.hover' }}
              >
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  {live.question}
                </Typography>
              </Paper>
            )}
            {live.answer ? (
              <AnswerCard answer={live.answer} last {...props.callbacks} />
            ) : live.running ? (
              <Box component="article" aria-label="Answer being written" aria-busy="true">
                {live.text ? (
                  <AnswerText text={live.text} responseId="live" />
                ) : (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {live.steps.at(-1)?.title ?? 'Thinking…'}
                  </Typography>
                )}
              </Box>
            ) : live.error && live.text ? (
              // what arrived before the turn failed stays readable
              <Box component="article" aria-label="Partial answer">
                <AnswerText text={live.text} responseId="partial" />
              </Box>
            ) : null}
            {live.error && (
              <Alert
                severity={live.error.statusCode === 423 ? 'warning' : 'error'}
                role="alert"
                action={
                  props.onRetry && !live.running && retryable(live.error) ? (
                    <Button color="inherit" size="small" onClick={props.onRetry}>
                      Retry
                    </Button>
                  ) : undefined
                }
              >
                {live.error.message}
              </Alert>
            )}
          </>
        )}
      </Box>
      {props.composer}
      {sharing && chat && (
        <ShareDialog chatId={chat.chat.id} token={chat.chat.share?.token ?? null} onClose={() => setSharing(false)} />
      )}
      <ConfirmDialog
        open={clearing}
        title="Clear this chat?"
        confirmLabel="Clear chat"
        busy={clearState.isLoading}
        onClose={() => setClearing(false)}
        onConfirm={async () => {
          if (chat)
            await clear(chat.chat.id)
              .unwrap()
              .catch(() => undefined);
          setClearing(false);
        }}
      >
        Every message of this chat is removed; the chat itself stays. This cannot be undone.
      </ConfirmDialog>
    </Box>
  );
}
