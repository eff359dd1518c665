import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import EventOutlined from '@mui/icons-material/EventOutlined';
import ThumbDownOutlined from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AiAnswer, AiSource } from '@tradedesk/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAiFeedbackMutation } from '../ai-api';
import { ActionCard } from './action-card';
import { AnswerChart } from './answer-chart';
import { AnswerText } from './answer-text';

/** The news and calendar cards an answer links (event_ids, news_ids), titled from its sources when it cites them. */
function LinkedCards(props: { answer: AiAnswer }) {
  const { answer } = props;
  const of = (kind: AiSource['kind'], id: string) =>
    answer.sources.find((s) => s.kind === kind && (s.url?.includes(id) ?? false));
  const cards = [
    ...answer.event_ids.map((id) => ({ id, kind: 'event' as const, source: of('event', id) })),
    ...answer.news_ids.map((id) => ({ id, kind: 'news' as const, source: of('news', id) })),
  ];
  if (!cards.length) return null;
  return (
    <Box
      component="ul"
      aria-label="Linked events and news"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}
    >
      {cards.map((c) => (
        <Paper component="li" variant="outlined" key={`${c.kind}${c.id}`} sx={{ p: 1, display: 'flex', gap: 1 }}>
          {c.kind === 'event' ? <EventOutlined fontSize="small" /> : <ArticleOutlined fontSize="small" />}
          <Box sx={{ minWidth: 0 }}>
            <RouterLink
              to={
                c.source?.url?.startsWith('/')
                  ? c.source.url
                  : c.kind === 'event'
                    ? `/market-intelligence/calendar?event=${encodeURIComponent(c.id)}`
                    : `/market-intelligence/news?item=${encodeURIComponent(c.id)}`
              }
            >
              {c.source?.title ?? (c.kind === 'event' ? 'Economic event' : 'News item')}
            </RouterLink>
            {c.source?.excerpt && (
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', m: 0 }}>
                {c.source.excerpt}
              </Typography>
            )}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

function Feedback(props: { answer: AiAnswer }) {
  const { answer } = props;
  const [send, { isLoading }] = useAiFeedbackMutation();
  const [vote, setVote] = useState(answer.feedback?.vote ?? null);
  const [commenting, setCommenting] = useState(false);
  const [comment, setComment] = useState(answer.feedback?.comment ?? '');
  const submit = async (v: 'up' | 'down', text: string | null) => {
    setVote(v);
    await send({ chatId: answer.chat_id, responseId: answer.response_id, vote: v, comment: text })
      .unwrap()
      .catch(() => {
        setVote(answer.feedback?.vote ?? null);
      });
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <IconButton
        size="small"
        aria-label="Good answer"
        aria-pressed={vote === 'up'}
        color={vote === 'up' ? 'primary' : 'default'}
        disabled={isLoading}
        onClick={() => void submit('up', null)}
      >
        <ThumbUpOutlined fontSize="inherit" />
      </IconButton>
      <IconButton
        size="small"
        aria-label="Bad answer"
        aria-pressed={vote === 'down'}
        color={vote === 'down' ? 'primary' : 'default'}
        disabled={isLoading}
        onClick={() => setCommenting(true)}
      >
        <ThumbDownOutlined fontSize="inherit" />
      </IconButton>
      {commenting && (
        <Box
          component="form"
          sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
          onSubmit={(e) => {
            e.preventDefault();
            setCommenting(false);
            void submit('down', comment.trim() || null);
          }}
        >
          <TextField
            size="small"
            label="What was wrong?"
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <Button type="submit" size="small">
            Send feedback
          </Button>
        </Box>
      )}
    </Box>
  );
}

export type AnswerCallbacks = {
  onAsk?: (text: string) => void;
  onRegenerate?: (answer: AiAnswer) => void;
  onRedo?: () => void;
  onRepost?: () => void;
};

/**
 * One answer of the assistant (spec section 3 "chat answer"): its text with citations, the chart of its data, the
 * events and news it links, the button to the screen it talks about, actions to confirm, follow-ups A and B, the
 * model that wrote it ("Built-in analyst" when it is), feedback and its regenerated alternatives.
 */
export function AnswerCard(props: { answer: AiAnswer; last?: boolean; readOnly?: boolean } & AnswerCallbacks) {
  const { answer } = props;
  // 0..branches.length-1: an older alternative; branches.length: the answer itself
  const [shown, setShown] = useState(answer.branches.length);
  const alternatives = [...answer.branches.map((b) => b.text), answer.text];
  const showing = Math.min(shown, alternatives.length - 1);
  const current = showing === alternatives.length - 1;
  return (
    <Box component="article" aria-label="Assistant answer" sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          variant="outlined"
          label={answer.model.builtIn ? 'Built-in analyst' : answer.model.label}
          title={
            answer.model.builtIn ? 'Answers from your own data with fixed rules; not a language model.' : undefined
          }
        />
        {answer.isDeepAnalysis && <Chip size="small" label="Deep research" />}
        {alternatives.length > 1 && (
          <Box sx={{ display: 'flex', alignItems: 'center' }} role="group" aria-label="Answer versions">
            <IconButton
              size="small"
              aria-label="Previous version"
              disabled={showing === 0}
              onClick={() => setShown(showing - 1)}
            >
              <ChevronLeft fontSize="inherit" />
            </IconButton>
            <Typography variant="caption">
              {showing + 1} / {alternatives.length}
            </Typography>
            <IconButton size="small" aria-label="Next version" disabled={current} onClick={() => setShown(showing + 1)}>
              <ChevronRight fontSize="inherit" />
            </IconButton>
          </Box>
        )}
      </Box>
      <AnswerText text={alternatives[showing] ?? ''} responseId={answer.response_id} />
      {current && (
        <>
          <AnswerChart answer={answer} />
          <LinkedCards answer={answer} />
          {answer.actions.map((a) => (
            <ActionCard key={a.id} action={a} />
          ))}
          {answer.Button && answer.redirect_to && (
            <Box>
              <Button component={RouterLink} to={answer.redirect_to} variant="outlined" size="small">
                {answer.Button.label}
              </Button>
            </Box>
          )}
          {!props.readOnly && (answer.A || answer.B) && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label="Follow-up questions">
              {[answer.A, answer.B].map((q) =>
                q ? (
                  <Chip key={q} label={q} onClick={() => props.onAsk?.(q)} variant="outlined" color="primary" />
                ) : null,
              )}
            </Box>
          )}
        </>
      )}
      {!props.readOnly && (
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Feedback answer={answer} />
          {props.last && (
            <>
              <Button size="small" onClick={() => props.onRegenerate?.(answer)}>
                Regenerate
              </Button>
              <Button size="small" onClick={() => props.onRedo?.()}>
                Redo
              </Button>
              <Button size="small" onClick={() => props.onRepost?.()}>
                Repost
              </Button>
            </>
          )}
        </Box>
      )}
    </Box>
  );
}
