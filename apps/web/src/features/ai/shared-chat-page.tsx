import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { EmptyState } from '../../shared/states/empty-state';
import { LoadingState } from '../../shared/states/loading-state';
import { useSharedAiChatQuery } from './ai-api';
import { Transcript } from './components/chat-view';

/** A chat shared by its owner's public link (`/shared/ai/:token`): read-only, for anyone, signed in or not. */
export function SharedChatPage() {
  const { token = '' } = useParams();
  const { data, isLoading, isError } = useSharedAiChatQuery(token, { skip: !token });
  if (isLoading) return <LoadingState label="Loading the shared chat" />;
  if (isError || !data)
    return (
      <EmptyState
        title="This shared chat does not exist, or its link was revoked."
        description="Ask whoever sent it for a new link."
      />
    );
  return (
    <Box component="main" sx={{ maxWidth: 860, mx: 'auto', p: 2, display: 'grid', gap: 1.5 }}>
      <Typography variant="h5" component="h1">
        {data.title}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        A read-only copy of a TradeDesk AI assistant chat.
      </Typography>
      <Transcript messages={data.messages} readOnly />
    </Box>
  );
}

export function Component() {
  return <SharedChatPage />;
}
