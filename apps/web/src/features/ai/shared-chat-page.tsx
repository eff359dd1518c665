import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { useSharedAiChatQuery } from './ai-api';
import { Transcript } from './components/chat-view';

/** A chat shared by its owner's public link (`/shared/ai/:token`): read-only, for anyone, signed in or not. */
export function SharedChatPage() {
  const { token = '' } = useParams();
  const shared = useSharedAiChatQuery(token, { skip: !token });
  const { data } = shared;
  let body: ReactNode = null;
  if (shared.isLoading) body = <LoadingState label="Loading the shared chat" />;
  else if (shared.isError && !(isApiError(shared.error) && shared.error.status === 404))
    body = (
      <ErrorState
        title="The shared chat could not be loaded."
        {...(isApiError(shared.error) && shared.error.message ? { message: shared.error.message } : {})}
        onRetry={() => void shared.refetch()}
        retrying={shared.isFetching}
      />
    );
  else if (shared.isError || !data)
    body = (
      <EmptyState
        title="This link does not work."
        description="The owner stopped sharing the chat, or it was deleted. Ask whoever sent it for a new link."
      />
    );
  else body = <Transcript messages={data.messages} readOnly />;
  return (
    <Box
      component="main"
      sx={{ maxWidth: 860, mx: 'auto', p: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}
    >
      <Typography variant="h5" component="h1">
        {data?.title ?? 'Shared AI assistant chat'}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        A read-only copy of a TradeDesk AI assistant chat.
      </Typography>
      {body}
    </Box>
  );
}

export function Component() {
  return <SharedChatPage />;
}
