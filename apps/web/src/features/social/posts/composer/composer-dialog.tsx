import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import {
  POLL_DURATION_HOURS,
  POLL_OPTIONS_MAX,
  POST_CONTENT_MAX,
  type PostVisibility,
  REPLY_ACCESS,
  type ReplyAccess,
} from '@tradedesk/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../../shared/toast/toast';
import { InlineError } from '../inline-error';
import { REPLY_ACCESS_LABELS } from '../post-text';
import { useCreatePostMutation } from '../posts-api';
import { ChartTab, GifTab, ImageTab, TradeTab } from './composer-attachments';
import { CommunityTarget } from './composer-community';
import { buildPostBody, type ComposerState, type ComposerTab, emptyComposer, newPoll } from './composer-model';

function PollEditor(props: {
  poll: NonNullable<ComposerState['poll']>;
  errors: Record<string, string>;
  onChange: (poll: ComposerState['poll']) => void;
}) {
  const { poll } = props;
  const setOption = (i: number, text: string) =>
    props.onChange({ ...poll, options: poll.options.map((o, j) => (j === i ? text : o)) });
  return (
    <Stack spacing={1}>
      <TextField
        size="small"
        label="Poll question"
        value={poll.question}
        onChange={(e) => props.onChange({ ...poll, question: e.target.value })}
        error={Boolean(props.errors['poll.question'])}
        helperText={props.errors['poll.question']}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      {poll.options.map((o, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are plain texts without ids; the inputs are controlled
        <Stack key={i} direction="row" spacing={1}>
          <TextField
            size="small"
            fullWidth
            label={`Option ${i + 1}`}
            value={o}
            onChange={(e) => setOption(i, e.target.value)}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          {poll.options.length > 2 && (
            <IconButton
              aria-label={`Remove option ${i + 1}`}
              onClick={() => props.onChange({ ...poll, options: poll.options.filter((_x, j) => j !== i) })}
            >
              <Close />
            </IconButton>
          )}
        </Stack>
      ))}
      {props.errors['poll.options'] && (
        <Box role="alert" sx={{ color: 'error.main', typography: 'caption' }}>
          {props.errors['poll.options']}
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button
          size="small"
          startIcon={<Add />}
          disabled={poll.options.length >= POLL_OPTIONS_MAX}
          onClick={() => props.onChange({ ...poll, options: [...poll.options, ''] })}
        >
          Add option
        </Button>
        <TextField
          size="small"
          type="number"
          label="Duration (hours)"
          value={poll.durationHours}
          onChange={(e) => props.onChange({ ...poll, durationHours: Number(e.target.value) })}
          error={Boolean(props.errors['poll.duration'])}
          helperText={props.errors['poll.duration']}
          slotProps={{ htmlInput: { min: POLL_DURATION_HOURS.min, max: POLL_DURATION_HOURS.max } }}
          sx={{ width: 160 }}
        />
        <Button size="small" color="error" onClick={() => props.onChange(null)}>
          Remove poll
        </Button>
      </Stack>
    </Stack>
  );
}

/** What the composer will attach, as chips (so the other tabs' choices stay in sight). */
function AttachedChips(props: { state: ComposerState }) {
  const s = props.state;
  const chips = [
    s.poll ? 'Poll' : null,
    s.media.length ? `${s.media.length} image${s.media.length > 1 ? 's' : ''}` : null,
    s.gif ? 'GIF' : null,
    s.chart ? (s.chart.kind === 'live' ? `Live chart: ${s.chart.name}` : 'Chart snapshot') : null,
    s.trade ? `Trade: ${s.trade.label}` : null,
  ].filter((c): c is string => c !== null);
  if (chips.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }} aria-label="Attached">
      {chips.map((c) => (
        <Chip key={c} size="small" label={c} />
      ))}
    </Stack>
  );
}

/**
 * The new post dialog: text, target settings (visibility: public or one of the caller's communities, who can
 * reply, comments), and tabs for a poll, images, a GIF (Our favorites by default), a chart (Active: one of the
 * user's charts shared live, or a snapshot) and one of the user's trades to attach as a verified idea. Opened from a
 * community page it starts set to that community.
 */
export function ComposerDialog(props: { open: boolean; onClose: () => void; communityId?: string }) {
  const [state, setState] = useState<ComposerState>(() =>
    props.communityId ? { ...emptyComposer, visibility: 'community', communityId: props.communityId } : emptyComposer,
  );
  const [tab, setTab] = useState<ComposerTab | false>(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, creating] = useCreatePostMutation();
  const navigate = useNavigate();
  const patch = (p: Partial<ComposerState>) => setState((s) => ({ ...s, ...p }));

  const close = () => {
    props.onClose();
    setState(emptyComposer);
    setErrors({});
    setTab(false);
    creating.reset();
  };
  const submit = async () => {
    const check = buildPostBody(state);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    const done = await create(check.body);
    if ('data' in done && done.data) {
      const id = done.data.id;
      close();
      toast.success('Your post is live.', {
        action: { label: 'View', onClick: () => navigate(`/community/posts/${id}`) },
      });
    }
  };
  const chooseTab = (next: ComposerTab) => {
    setTab(next);
    if (next === 'poll' && !state.poll) patch({ poll: newPoll() });
  };

  return (
    <Dialog open={props.open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="composer-title">
      <DialogTitle id="composer-title">New post</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField
          autoFocus
          multiline
          minRows={4}
          label="What is your idea?"
          placeholder="Share an idea. Tag $EURUSD, mention @someone, add #hashtags."
          value={state.content}
          onChange={(e) => patch({ content: e.target.value })}
          error={Boolean(errors.content)}
          helperText={errors.content ?? `${state.content.length} / ${POST_CONTENT_MAX}`}
          slotProps={{ htmlInput: { maxLength: POST_CONTENT_MAX } }}
        />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
          <TextField
            select
            size="small"
            label="Visibility"
            value={state.visibility}
            onChange={(e) => patch({ visibility: e.target.value as PostVisibility })}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="public">Public</MenuItem>
            <MenuItem value="community">A community</MenuItem>
          </TextField>
          {state.visibility === 'community' && (
            <CommunityTarget
              value={state.communityId}
              error={errors.community}
              onChange={(communityId) => patch({ communityId })}
            />
          )}
          <TextField
            select
            size="small"
            label="Who can reply"
            value={state.replyAccess}
            onChange={(e) => patch({ replyAccess: e.target.value as ReplyAccess })}
            sx={{ minWidth: 180 }}
          >
            {REPLY_ACCESS.map((r) => (
              <MenuItem key={r} value={r}>
                {REPLY_ACCESS_LABELS[r]}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch checked={state.commentsClosed} onChange={(e) => patch({ commentsClosed: e.target.checked })} />
            }
            label="Turn off comments"
          />
        </Stack>
        <Tabs
          value={tab}
          onChange={(_e, v: ComposerTab) => chooseTab(v)}
          aria-label="Add to the post"
          variant="scrollable"
        >
          <Tab value="poll" label="Poll" />
          <Tab value="image" label="Image" />
          <Tab value="gif" label="GIF" />
          <Tab value="chart" label="Chart" />
          <Tab value="trade" label="Trade" />
        </Tabs>
        {tab === 'poll' && state.poll && (
          <PollEditor poll={state.poll} errors={errors} onChange={(poll) => patch({ poll })} />
        )}
        {tab === 'image' && <ImageTab state={state} patch={patch} />}
        {tab === 'gif' && <GifTab state={state} patch={patch} />}
        {tab === 'chart' && <ChartTab state={state} patch={patch} />}
        {tab === 'trade' && <TradeTab state={state} patch={patch} />}
        <AttachedChips state={state} />
        {(errors.form || errors.media || errors.trade || errors.chart || errors.gif) && (
          <Box role="alert" sx={{ color: 'error.main', typography: 'body2' }}>
            {errors.form ?? errors.media ?? errors.trade ?? errors.chart ?? errors.gif}
          </Box>
        )}
        <InlineError error={creating.error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" disabled={creating.isLoading} onClick={() => void submit()}>
          {creating.isLoading ? 'Posting…' : 'Post'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
