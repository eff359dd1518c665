import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useCallback } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useAiAgentTabQuery, useAiAgentTabsQuery, useAiUsageQuery } from './ai-api';
import { type AiView, aiParamsOf, aiViewOf, DEFAULT_AGENT_TAB } from './ai-url';
import { ChatSidebar } from './components/chat-sidebar';
import { ChatView } from './components/chat-view';
import { Composer } from './components/composer';
import { InsightPanel } from './components/insight-panel';
import { LinkPanel, ThoughtPanel } from './components/side-panels';
import { limitReached, UsageMeter } from './components/usage-meter';
import { useConversation } from './use-conversation';

/**
 * The AI screen (`/ai`): agent tabs (default ai_agent, the assistant itself; pinned agents beside it), the chats
 * sidebar, the chat with its composer, and on the right the insight tabs, the thought panel and the link panel.
 * Which chat, agent, insight tab, account and period are shown is in the address.
 */
export function AiScreen() {
  const [params, setParams] = useSearchParams();
  const view = aiViewOf(params);
  const setView = useCallback(
    (patch: Partial<AiView>) => setParams((p) => aiParamsOf({ ...aiViewOf(p), ...patch }), { replace: false }),
    [setParams],
  );
  const agents = useAiAgentTabsQuery();
  const usage = useAiUsageQuery();
  const agentId = view.agent === DEFAULT_AGENT_TAB ? null : view.agent;
  const convo = useConversation({ chatId: view.chat, onChat: (id) => setView({ chat: id }), agentId });
  const { turn } = convo;
  const lastAnswer = turn.answer ?? [...convo.messages].reverse().find((m) => !m.isUser) ?? null;
  const steps = turn.running || turn.steps.length ? turn.steps : (lastAnswer?.steps ?? []);
  const sources = turn.running || turn.sources.length ? turn.sources : (lastAnswer?.sources ?? []);
  const pinned = agents.data ?? [];
  const unpinned = useAiAgentTabQuery(agentId ?? '', { skip: !agentId || pinned.some((a) => a.id === agentId) });
  const agentTabs = [
    { id: DEFAULT_AGENT_TAB, name: 'AI agent' },
    ...pinned,
    ...(unpinned.data && unpinned.data.id === agentId ? [unpinned.data] : []),
  ];
  const agentValue = agentTabs.some((a) => a.id === view.agent) ? view.agent : DEFAULT_AGENT_TAB;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        p: { xs: 1, md: 1.5 },
        // On wide screens the screen fits the window under the top bar: the chat scrolls, the composer stays.
        height: { xs: 'auto', md: 'calc(100dvh - 56px)' },
        minHeight: { xs: 0, md: 480 },
        gridTemplateColumns: { xs: '1fr', md: '240px minmax(0, 1fr)', lg: '240px minmax(0, 1fr) 340px' },
        gridTemplateRows: 'auto minmax(0, 1fr)',
      }}
    >
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Tabs
          value={agentValue}
          onChange={(_e, v: string) => setView({ agent: v, chat: '' })}
          aria-label="Agents"
          variant="scrollable"
          sx={{ flexGrow: 1, minHeight: 40 }}
        >
          {agentTabs.map((a) => (
            <Tab key={a.id} value={a.id} label={a.name} sx={{ minHeight: 40 }} />
          ))}
        </Tabs>
        <UsageMeter />
        <Button component={RouterLink} to="/ai/agents" size="small" variant="outlined">
          Manage agents
        </Button>
      </Box>
      <Box
        sx={{
          display: { xs: 'none', md: 'block' },
          overflow: 'auto',
          minHeight: 0,
          '& .MuiFormControlLabel-root': { ml: 0 },
        }}
      >
        <ChatSidebar current={view.chat} onOpen={(id) => setView({ chat: id })} onNew={() => setView({ chat: '' })} />
      </Box>
      <ChatView
        chat={view.chat ? convo.chat.data : undefined}
        loading={Boolean(view.chat) && convo.chat.isLoading}
        turn={turn}
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
            running={turn.running}
            onCancel={convo.cancel}
            disabled={limitReached(usage.data)}
          />
        }
      />
      <Box
        component="aside"
        aria-label="Assistant panels"
        sx={{ display: { xs: 'none', lg: 'grid' }, gap: 2, alignContent: 'start', overflow: 'auto', minHeight: 0 }}
      >
        <InsightPanel
          view={view}
          onView={setView}
          busy={turn.running}
          onAsk={(question, account) =>
            void convo.askText(question, account ? [{ category: 'account', option: account, subOption: null }] : [])
          }
        />
        <ThoughtPanel steps={steps} research={turn.research ?? lastAnswer?.deepResearchData ?? null} />
        <LinkPanel sources={sources} responseId={lastAnswer?.response_id ?? 'live'} />
      </Box>
    </Box>
  );
}

export function Component() {
  return <AiScreen />;
}
