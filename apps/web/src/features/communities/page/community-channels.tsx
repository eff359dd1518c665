import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import TagOutlined from '@mui/icons-material/TagOutlined';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ChannelMessage, Community, CommunityChannel } from '@tradedesk/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { isApiError } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import type { WsClient } from '../../../shared/ws/ws-client';
import { selectCurrentUser } from '../../auth';
import { ConfirmDialog } from '../../social/posts/confirm-dialog';
import { timeAgo } from '../../social/posts/post-text';
import { ChannelComposer } from './channel-composer';
import { usePageChannelsQuery, usePageDeleteMessageMutation, usePagePostMessageMutation } from './community-page-api';
import type { RulesGate } from './rules-dialog';
import { useChannelMessages } from './use-channel-messages';

const messageOf = (error: unknown, fallback: string) => (isApiError(error) && error.message ? error.message : fallback);

/** Calls `onVisible` when the top of the message list scrolls into view (older messages on scroll). */
function OlderSentinel(props: { onVisible: () => void; busy: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(props.onVisible);
  latest.current = props.onVisible;
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return (
    <Box ref={ref} sx={{ textAlign: 'center', py: 1 }}>
      <Button size="small" onClick={props.onVisible} disabled={props.busy}>
        Load older messages
      </Button>
    </Box>
  );
}

/** One message: author, time, text (mentions as they were typed), and Delete when the caller may. */
function MessageRow(props: { message: ChannelMessage; canDelete: boolean; onDelete: () => void }) {
  const m = props.message;
  return (
    <Box
      component="li"
      sx={{ display: 'flex', gap: 1, py: 0.75, listStyle: 'none' }}
      aria-label={`Message by ${m.author.displayName}`}
    >
      <Avatar src={m.author.avatarUrl ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
        {m.author.displayName.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2">
          <Link
            component={RouterLink}
            to={`/community/profile/${encodeURIComponent(m.author.username)}`}
            sx={{ fontWeight: 600, color: 'text.primary' }}
            underline="hover"
          >
            {m.author.displayName}
          </Link>{' '}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            <time dateTime={m.createdAt}>{timeAgo(m.createdAt)}</time>
            {m.editedAt ? ' · edited' : ''}
          </Box>
        </Typography>
        {m.deleted ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
            This message was deleted.
          </Typography>
        ) : (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.content}
          </Typography>
        )}
      </Box>
      {props.canDelete && !m.deleted && (
        <Button
          size="small"
          color="inherit"
          onClick={props.onDelete}
          aria-label={`Delete the message by ${m.author.displayName}`}
        >
          Delete
        </Button>
      )}
    </Box>
  );
}

/** Why the caller cannot write in a channel, as a sentence. */
export function readOnlyText(community: Community, channel: CommunityChannel): string {
  if (community.membership !== 'member') return `Join ${community.name} to write in its channels.`;
  if (channel.kind === 'announcements') return `Only moderators post in #${channel.name}: members read it.`;
  return `You cannot write in #${channel.name}.`;
}

function ChannelPane(props: { community: Community; channel: CommunityChannel; gate: RulesGate; client?: WsClient }) {
  const { community: c, channel } = props;
  const me = useAppSelector(selectCurrentUser);
  const live = useChannelMessages(c.id, channel.id, { client: props.client });
  const [post, posting] = usePagePostMessageMutation();
  const [remove, removing] = usePageDeleteMessageMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ChannelMessage | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const lastId = live.messages.at(-1)?.id;

  useEffect(() => {
    if (lastId) bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new channel starts without the last one's error
  useEffect(() => setProblem(null), [channel.id]);

  const send = async (content: string): Promise<boolean> => {
    // the rules dialog first when the member has not accepted them; nothing is sent if they close it
    if (!(await props.gate.ensure())) return false;
    setProblem(null);
    try {
      live.added(await post({ id: c.id, channelId: channel.id, content }).unwrap());
      return true;
    } catch (error) {
      setProblem(messageOf(error, 'The message could not be sent.'));
      return false;
    }
  };

  const confirmDelete = async () => {
    const m = deleting;
    if (!m) return;
    const r = await remove({ id: c.id, channelId: channel.id, messageId: m.id });
    setDeleting(null);
    if ('error' in r) toast.error(messageOf(r.error, 'The message was not deleted. Try again.'));
    else live.deleted(m.id);
  };

  return (
    <Box
      component="section"
      aria-label={`Channel #${channel.name}`}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 420, maxHeight: '70vh', minWidth: 0 }}
    >
      <Box sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h6" component="h2">
          #{channel.name}
        </Typography>
        {channel.topic && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {channel.topic}
          </Typography>
        )}
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', px: 2, py: 1 }}>
        {live.loadOlder && <OlderSentinel onVisible={live.loadOlder} busy={live.loading} />}
        {live.failed && live.messages.length === 0 ? (
          <ErrorState
            title="The messages could not be loaded."
            message={messageOf(live.failed, '')}
            onRetry={live.retry}
          />
        ) : live.loading && live.messages.length === 0 ? (
          <LoadingState label="Loading messages" />
        ) : live.messages.length === 0 ? (
          <EmptyState title={`No messages in #${channel.name} yet.`} />
        ) : (
          <Box component="ol" aria-label={`Messages in #${channel.name}`} sx={{ p: 0, m: 0 }}>
            {live.messages.map((m) => (
              <MessageRow
                key={m.id}
                message={m}
                canDelete={m.deletable || m.author.id === me?.id}
                onDelete={() => setDeleting(m)}
              />
            ))}
          </Box>
        )}
        <div ref={bottom} />
      </Box>
      <Box sx={{ px: 2, pb: 2, pt: 1 }}>
        {channel.canWrite && c.membership === 'member' ? (
          <ChannelComposer
            communityId={c.id}
            channelName={channel.name}
            busy={posting.isLoading}
            problem={problem}
            onSend={send}
          />
        ) : (
          <InlineAlert severity="info" sx={{ m: 0 }}>
            {readOnlyText(c, channel)}
          </InlineAlert>
        )}
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this message?"
        text={
          deleting && deleting.author.id !== me?.id
            ? `The message by ${deleting.author.displayName} is removed for everyone. The removal is written in the audit log.`
            : 'The message is removed for everyone. This cannot be undone.'
        }
        confirmLabel="Delete"
        busy={removing.isLoading}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Box>
  );
}

function ChannelIcon(props: { channel: CommunityChannel }) {
  if (props.channel.private) return <LockOutlined fontSize="small" />;
  if (props.channel.kind === 'announcements') return <CampaignOutlined fontSize="small" />;
  return <TagOutlined fontSize="small" />;
}

/**
 * The Channels tab: the channels the caller can see with unread and mention badges, and the open one's messages,
 * live. The open channel is in the URL (`&channel=<id>`), the first one by default.
 */
export function CommunityChannels(props: { community: Community; gate: RulesGate; client?: WsClient }) {
  const { community: c } = props;
  const [params, setParams] = useSearchParams();
  const query = usePageChannelsQuery(c.id);
  if (query.isLoading) return <LoadingState label="Loading the channels" />;
  if (query.isError || !query.data)
    return (
      <ErrorState
        title="The channels could not be loaded."
        message={messageOf(query.error, '')}
        onRetry={() => void query.refetch()}
      />
    );
  const channels = query.data;
  if (channels.length === 0) return <EmptyState title="This community has no channels you can see." />;
  const asked = params.get('channel');
  const open = channels.find((ch) => ch.id === asked) ?? channels[0];
  const select = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('channel', id);
    setParams(next, { replace: true });
  };

  return (
    <Paper
      variant="outlined"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '240px minmax(0, 1fr)' }, overflow: 'hidden' }}
    >
      <Box component="nav" aria-label="Channels" sx={{ borderRight: { md: 1 }, borderColor: 'divider' }}>
        <List dense>
          {channels.map((ch) => {
            const label = `#${ch.name}${ch.unread ? `, ${ch.unread} unread` : ''}${ch.mentions ? `, ${ch.mentions} ${ch.mentions === 1 ? 'mention' : 'mentions'}` : ''}`;
            return (
              <ListItemButton
                key={ch.id}
                selected={ch.id === open?.id}
                aria-current={ch.id === open?.id ? 'page' : undefined}
                aria-label={label}
                onClick={() => select(ch.id)}
              >
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <ChannelIcon channel={ch} />
                </ListItemIcon>
                <ListItemText
                  primary={ch.name}
                  slotProps={{ primary: { sx: { fontWeight: ch.unread ? 700 : 400 } } }}
                />
                {ch.mentions > 0 && (
                  <Chip size="small" color="error" label={`@${ch.mentions}`} aria-hidden sx={{ mr: 1 }} />
                )}
                {ch.unread > 0 && (
                  <Badge color="primary" badgeContent={ch.unread} max={99} aria-hidden sx={{ mr: 1 }} />
                )}
              </ListItemButton>
            );
          })}
        </List>
      </Box>
      {open && <ChannelPane key={open.id} community={c} channel={open} gate={props.gate} client={props.client} />}
    </Paper>
  );
}
