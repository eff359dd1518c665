import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import {
  CONVERSATIONS_ARGS,
  useConversationQuery,
  useConversationsQuery,
  useStartConversationMutation,
} from './messenger-api';
import { useLiveMessenger } from './use-live-messenger';

/**
 * /messages: the conversation list and the open conversation (`?c=<conversationId>`), live over the `user`
 * channel. `/messages?to=<userId>` opens (or starts) the conversation with that person.
 */
export function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const openId = params.get('c');
  const to = params.get('to');
  const list = useConversationsQuery(CONVERSATIONS_ARGS);
  const open = useConversationQuery(openId ?? '', { skip: !openId });
  const [start, started] = useStartConversationMutation();
  const asked = useRef<string | null>(null);
  useLiveMessenger();

  useEffect(() => {
    if (!to || asked.current === to) return;
    asked.current = to;
    start(to)
      .unwrap()
      .then((c) => setParams({ c: c.id }, { replace: true }))
      .catch(() => {});
  }, [to, start, setParams]);

  const openConversation = (id: string) => setParams({ c: id });

  let pane: React.ReactNode;
  if (to && started.isError) {
    pane = (
      <ErrorState
        title="This conversation could not be opened."
        message={isApiError(started.error) ? started.error.message : undefined}
      />
    );
  } else if (to || (openId && open.isLoading)) {
    pane = <LoadingState label="Opening the conversation" />;
  } else if (openId && open.isError) {
    pane = (
      <ErrorState
        title="This conversation could not be opened."
        message={isApiError(open.error) ? open.error.message : undefined}
        onRetry={open.refetch}
      />
    );
  } else if (openId && open.data) {
    pane = <ConversationView key={open.data.id} conversation={open.data} onDeleted={() => setParams({})} />;
  } else {
    pane = (
      <EmptyState
        title="Choose a conversation."
        description="Or open someone's profile and choose Message to start one."
      />
    );
  }

  return (
    <Box sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Messages
      </Typography>
      <Box
        sx={{
          flex: 1,
          minHeight: 420,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '320px 1fr' },
          gap: 2,
        }}
      >
        <Paper variant="outlined" component="nav" aria-label="Chats" sx={{ overflowY: 'auto' }}>
          {list.isLoading ? (
            <LoadingState label="Loading conversations" variant="rows" rows={5} />
          ) : list.isError ? (
            <ErrorState title="The conversations could not be loaded." onRetry={list.refetch} />
          ) : list.data && list.data.items.length > 0 ? (
            <ConversationList conversations={list.data.items} openId={openId} onOpen={openConversation} />
          ) : (
            <EmptyState title="No conversations yet." description="Messages you send and receive show here." />
          )}
        </Paper>
        <Paper variant="outlined" sx={{ minHeight: 0, display: 'flex', flexDirection: 'column' }}>
          {pane}
        </Paper>
      </Box>
    </Box>
  );
}

export { MessagesPage as Component };
