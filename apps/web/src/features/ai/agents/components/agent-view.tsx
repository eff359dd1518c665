import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isApiError } from '../../../../shared/api/api-error';
import { toast } from '../../../../shared/toast/toast';
import { useCloneAiAgentMutation } from '../agents-api';
import type { AiAgent } from '../agents-types';
import { AGENTS_PATH, agentChatPath, agentPath } from '../agents-url';

/** Someone else's public agent: what it does, its commands and knowledge; chat with it or clone it. */
export function AgentView(props: { agent: AiAgent }) {
  const { agent } = props;
  const navigate = useNavigate();
  const [clone, cloneState] = useCloneAiAgentMutation();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={`${AGENTS_PATH}?scope=public`} startIcon={<ArrowBack />}>
          Public agents
        </Button>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, flex: 1 }}>
          {agent.name}
        </Typography>
        <Button
          variant="outlined"
          disabled={cloneState.isLoading}
          onClick={async () => {
            try {
              const copy = await clone(agent.id).unwrap();
              toast.success(`${copy.name} is in your agents.`);
              navigate(agentPath(copy.id));
            } catch (error) {
              toast.error(
                isApiError(error) && error.message ? error.message : `${agent.name} could not be cloned. Try again.`,
              );
            }
          }}
        >
          Clone
        </Button>
        <Button variant="contained" onClick={() => navigate(agentChatPath(agent.id))}>
          Chat with agent
        </Button>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          A public agent{agent.ownerName ? ` by ${agent.ownerName}` : ''}. It answers from your own data when you chat
          with it; you can use it, not change it.
        </Typography>
        {agent.description && <Typography>{agent.description}</Typography>}
        {agent.instructions && (
          <Box>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Instructions
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {agent.instructions}
            </Typography>
          </Box>
        )}
        {agent.commands.length > 0 && (
          <Box>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Commands
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {agent.commands.map((c) => (
                <li key={c.command}>
                  <code>/{c.command}</code>
                  {c.prompt ? `: ${c.prompt}` : ''}
                </li>
              ))}
            </Box>
          </Box>
        )}
        <Box>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Knowledge
          </Typography>
          {agent.knowledge.length === 0 ? (
            <Typography variant="body2">None.</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {agent.knowledge.map((k) => (
                <li key={k.mediaId}>{k.name}</li>
              ))}
            </Box>
          )}
        </Box>
      </Paper>
    </Box>
  );
}
