import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { useAiAgentQuery } from './agents-api';
import { AGENTS_PATH, NEW_AGENT_ID } from './agents-url';
import { AgentEditor } from './components/agent-editor';
import { AgentList } from './components/agent-list';
import { AgentView } from './components/agent-view';

function AgentDetail(props: { id: string }) {
  const agent = useAiAgentQuery(props.id);
  if (agent.data) {
    // Someone else's public agent is read-only: it can be used and cloned, never edited.
    return agent.data.isOwner ? (
      <AgentEditor key={agent.data.id} agent={agent.data} />
    ) : (
      <AgentView agent={agent.data} />
    );
  }
  if (agent.isLoading) return <LoadingState label="Loading the agent" />;
  const notFound = isApiError(agent.error) && agent.error.status === 404;
  return (
    <>
      <ErrorState
        title={notFound ? 'This agent does not exist, or it is not shared with you.' : 'The agent could not be loaded.'}
        {...(notFound ? {} : { onRetry: () => void agent.refetch(), retrying: agent.isFetching })}
        {...(!notFound && isApiError(agent.error) ? { message: agent.error.message } : {})}
      />
      <Box>
        <Button component={RouterLink} to={AGENTS_PATH}>
          Back to all agents
        </Button>
      </Box>
    </>
  );
}

/** /ai/agents (the list), /ai/agents/new and /ai/agents/:agentId (the editor, or the view of a public agent). */
export function AgentsPage() {
  const { agentId } = useParams();
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1200, mx: 'auto', display: 'grid', gap: 2 }}>
      {agentId === undefined ? (
        <AgentList />
      ) : agentId === NEW_AGENT_ID ? (
        <AgentEditor agent={null} />
      ) : (
        <AgentDetail id={agentId} />
      )}
    </Box>
  );
}

export { AgentsPage as Component };
