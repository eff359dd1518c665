import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { useAiUsageQuery } from './ai-api';
import { ChatView } from './components/chat-view';
import { Composer } from './components/composer';
import { limitReached } from './components/usage-meter';
import { useConversation } from './use-conversation';

/**
 * The strategies screen's "AI assistant" chat tab (spec section 2): a chat about one strategy; every message
 * mentions it, so the assistant reads that strategy's playbook and compliance.
 */
export function StrategyAiTab(props: { strategyId: string; strategyName: string }) {
  const [chatId, setChatId] = useState('');
  const mentions = useMemo(
    () => [{ category: 'strategy' as const, option: props.strategyId, subOption: null }],
    [props.strategyId],
  );
  const usage = useAiUsageQuery();
  const convo = useConversation({
    chatId,
    onChat: setChatId,
    agentId: null,
    baseMentions: mentions,
    title: `Strategy: ${props.strategyName}`.slice(0, 80),
  });
  return (
    <Box sx={{ height: 560, display: 'grid' }}>
      <ChatView
        chat={chatId ? convo.chat.data : undefined}
        loading={Boolean(chatId) && convo.chat.isLoading}
        turn={convo.turn}
        cut={convo.cut}
        onAsk={(text) => void convo.askText(text)}
        onEdit={convo.editMessage}
        onRetry={convo.retry}
        callbacks={{
          onAsk: (text) => void convo.askText(text),
          onRegenerate: convo.regenerate,
          onRedo: () => void convo.redoLast(),
          onRepost: convo.repost,
        }}
        composer={
          <Composer
            draft={convo.draft}
            onDraft={convo.setDraft}
            onSend={(d) => void convo.ask(d)}
            onChartSnapshot={(input) => void convo.chartAnalysis(input)}
            running={convo.turn.running}
            onCancel={convo.cancel}
            disabled={limitReached(usage.data)}
          />
        }
      />
    </Box>
  );
}
