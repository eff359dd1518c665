import Add from '@mui/icons-material/Add';
import MoreVert from '@mui/icons-material/MoreVert';
import PushPin from '@mui/icons-material/PushPin';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import Search from '@mui/icons-material/Search';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../../shared/api/api-error';
import { EmptyState } from '../../../../shared/states/empty-state';
import { ErrorState } from '../../../../shared/states/error-state';
import { LoadingState } from '../../../../shared/states/loading-state';
import { toast } from '../../../../shared/toast/toast';
import { ConfirmDialog } from '../../../settings/components/confirm-dialog';
import {
  useAiAgentFlagMutation,
  useAiAgentsQuery,
  useCloneAiAgentMutation,
  useDeleteAiAgentMutation,
} from '../agents-api';
import type { AiAgent } from '../agents-types';
import { AGENTS_PATH, agentChatPath, agentPath, listArgsOf, NEW_AGENT_ID, withListArgs } from '../agents-url';
import { MediaLibraryDialog } from './media-library-dialog';

function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

function AgentCard(props: { agent: AiAgent; onDelete: (agent: AiAgent) => void }) {
  const { agent } = props;
  const navigate = useNavigate();
  const [flag, flagState] = useAiAgentFlagMutation();
  const [clone, cloneState] = useCloneAiAgentMutation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const headingId = `agent-${agent.id}-name`;

  const toggle = async (action: 'pin' | 'unpin' | 'star' | 'unstar') => {
    try {
      await flag({ id: agent.id, action }).unwrap();
    } catch (error) {
      toast.error(
        messageOf(
          error,
          `${agent.name} could not be ${action === 'pin' || action === 'unpin' ? `${action}ned` : `${action}red`}.`,
        ),
      );
    }
  };

  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'grid', gap: 1, alignContent: 'start' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography
          id={headingId}
          component="h2"
          variant="subtitle1"
          sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}
          noWrap
        >
          {agent.name}
        </Typography>
        <IconButton
          size="small"
          aria-label={agent.starred ? `Unstar ${agent.name}` : `Star ${agent.name}`}
          aria-pressed={agent.starred}
          disabled={flagState.isLoading}
          onClick={() => void toggle(agent.starred ? 'unstar' : 'star')}
        >
          {agent.starred ? <Star fontSize="small" color="warning" /> : <StarBorder fontSize="small" />}
        </IconButton>
        <IconButton
          size="small"
          aria-label={agent.pinned ? `Unpin ${agent.name}` : `Pin ${agent.name}`}
          aria-pressed={agent.pinned}
          disabled={flagState.isLoading}
          onClick={() => void toggle(agent.pinned ? 'unpin' : 'pin')}
        >
          {agent.pinned ? <PushPin fontSize="small" color="primary" /> : <PushPinOutlined fontSize="small" />}
        </IconButton>
        <IconButton
          size="small"
          aria-label={`More actions for ${agent.name}`}
          onClick={(e) => setMenu(e.currentTarget)}
        >
          <MoreVert fontSize="small" />
        </IconButton>
        <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
          <MenuItem
            onClick={() => {
              setMenu(null);
              navigate(agentPath(agent.id));
            }}
          >
            {agent.isOwner ? 'Edit' : 'View'}
          </MenuItem>
          <MenuItem
            disabled={cloneState.isLoading}
            onClick={async () => {
              setMenu(null);
              try {
                const copy = await clone(agent.id).unwrap();
                toast.success(`${copy.name} is in your agents.`);
                navigate(agentPath(copy.id));
              } catch (error) {
                toast.error(messageOf(error, `${agent.name} could not be cloned. Try again.`));
              }
            }}
          >
            Clone
          </MenuItem>
          {agent.isOwner && (
            <MenuItem
              sx={{ color: 'error.main' }}
              onClick={() => {
                setMenu(null);
                props.onDelete(agent);
              }}
            >
              Delete
            </MenuItem>
          )}
        </Menu>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ minHeight: 20 }}>
        {agent.description || 'No description.'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        {agent.share.isPublic && <Chip size="small" color="primary" variant="outlined" label="Public" />}
        {!agent.isOwner && agent.ownerName && <Chip size="small" label={`By ${agent.ownerName}`} />}
        <Chip
          size="small"
          variant="outlined"
          label={agent.tools === null ? 'Every tool' : `${agent.tools.length} tools`}
        />
        <Chip size="small" variant="outlined" label={`${agent.knowledge.length} knowledge items`} />
        {agent.commands.length > 0 && (
          <Chip size="small" variant="outlined" label={agent.commands.map((c) => `/${c.command}`).join(' ')} />
        )}
      </Box>
      <Box>
        <Button size="small" variant="contained" onClick={() => navigate(agentChatPath(agent.id))}>
          Chat with agent
        </Button>
      </Box>
    </Paper>
  );
}

/** The agents list (issue 14 item 6): mine or public, search, starred and pinned filters, all in the address. */
export function AgentList() {
  const [params, setParams] = useSearchParams();
  const args = listArgsOf(params);
  const [search, setSearch] = useState(args.search ?? '');
  const [deleting, setDeleting] = useState<AiAgent | null>(null);
  const [library, setLibrary] = useState(false);
  const agents = useAiAgentsQuery(args);
  const [remove, removeState] = useDeleteAiAgentMutation();

  // Typing settles for a moment before the list is asked again.
  useEffect(() => {
    const wanted = search.trim();
    if (wanted === (args.search ?? '')) return;
    const timer = setTimeout(() => setParams(withListArgs(params, { search: wanted }), { replace: true }), 250);
    return () => clearTimeout(timer);
  }, [search, args.search, params, setParams]);

  // Pinned first, then starred; the server's order within each.
  const list = [...(agents.data ?? [])].sort(
    (a, b) => Number(b.pinned) - Number(a.pinned) || Number(b.starred) - Number(a.starred),
  );
  const filtered = Boolean(args.search || args.starred || args.pinned);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700, flex: 1, fontSize: { xs: 26, sm: 32 } }}>
          AI agents
        </Typography>
        <Button component={RouterLink} to="/ai">
          Assistant
        </Button>
        <Button variant="outlined" onClick={() => setLibrary(true)}>
          Media library
        </Button>
        <Button variant="contained" startIcon={<Add />} component={RouterLink} to={`${AGENTS_PATH}/${NEW_AGENT_ID}`}>
          New agent
        </Button>
      </Box>
      <Tabs
        value={args.scope}
        onChange={(_e, scope: 'mine' | 'public') => setParams(withListArgs(params, { scope }))}
        aria-label="Whose agents"
      >
        <Tab value="mine" label="My agents" />
        <Tab value="public" label="Public agents" />
      </Tabs>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="search"
          label="Search agents"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { maxLength: 100 },
          }}
          sx={{ minWidth: 260 }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={Boolean(args.starred)}
              onChange={(_e, starred) => setParams(withListArgs(params, { starred }))}
            />
          }
          label="Starred"
        />
        <FormControlLabel
          control={
            <Switch
              checked={Boolean(args.pinned)}
              onChange={(_e, pinned) => setParams(withListArgs(params, { pinned }))}
            />
          }
          label="Pinned"
        />
      </Box>
      {agents.isLoading ? (
        <LoadingState label="Loading the agents" />
      ) : agents.isError ? (
        <ErrorState
          title="The agents could not be loaded."
          message={messageOf(agents.error, '')}
          onRetry={() => void agents.refetch()}
          retrying={agents.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState
          title={
            filtered
              ? 'No agent matches these filters.'
              : args.scope === 'public'
                ? 'No public agents yet.'
                : 'You have no agents yet.'
          }
          description={
            args.scope === 'mine' && !filtered
              ? 'An agent is the assistant with your instructions, your documents and the tools you choose.'
              : undefined
          }
          action={
            args.scope === 'mine' && !filtered ? (
              <Button variant="contained" component={RouterLink} to={`${AGENTS_PATH}/${NEW_AGENT_ID}`}>
                Create an agent
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Box
          component="section"
          aria-label={args.scope === 'public' ? 'Public agents' : 'My agents'}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))' }}
        >
          {list.map((agent) => (
            <AgentCard key={agent.id} agent={agent} onDelete={setDeleting} />
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'agent'}?`}
        confirmLabel="Delete agent"
        busy={removeState.isLoading}
        error={removeState.isError ? messageOf(removeState.error, 'The agent could not be deleted. Try again.') : null}
        onClose={() => {
          setDeleting(null);
          removeState.reset();
        }}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove(deleting.id).unwrap();
            toast.success(`${deleting.name} is deleted.`);
            setDeleting(null);
          } catch {
            // Shown in the dialog.
          }
        }}
      >
        The agent, its instructions, commands and knowledge list go; the documents stay in your media library. Chats you
        had with it are kept.
      </ConfirmDialog>
      <MediaLibraryDialog open={library} onClose={() => setLibrary(false)} />
    </Box>
  );
}
