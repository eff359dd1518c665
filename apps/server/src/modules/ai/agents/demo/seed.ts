import type { FastifyBaseLogger } from 'fastify';
import { DEMO_USER } from '../../../demo/demo.seed.js';
import type { AgentsService } from '../agents.service.js';
import { TRADING_RULES_GUIDE, TRADING_RULES_GUIDE_NAME } from './trading-rules-guide.js';

export const DEMO_AGENT_NAME = 'Trading rules coach';

/**
 * The demo user's agent "Trading rules coach": instructions, two commands, the read tools it needs, and the
 * product's trading rules guide as its knowledge document (added to the demo user's media library through
 * `media.addText`, which ai-knowledge provides: store, chunk and index a text document). Runs once: a demo user who
 * already has the agent is left alone. Returns whether it seeded.
 */
export async function seedAgentsDemo(deps: {
  users: { findByEmail(email: string): Promise<{ id: string } | null | undefined> };
  agents: AgentsService;
  media: {
    addText(
      userId: string,
      file: { name: string; type: string; text: string; lastModified: number },
    ): Promise<{ id: string }>;
  };
  now: () => Date;
  log: FastifyBaseLogger;
}): Promise<boolean> {
  const user = await deps.users.findByEmail(DEMO_USER.email);
  if (!user) return false;
  if (await deps.agents.findOwnedByName(user.id, DEMO_AGENT_NAME)) return false;
  const guide = await deps.media.addText(user.id, {
    name: TRADING_RULES_GUIDE_NAME,
    type: 'text/markdown',
    text: TRADING_RULES_GUIDE,
    lastModified: deps.now().getTime(),
  });
  const agent = await deps.agents.create(user.id, {
    name: DEMO_AGENT_NAME,
    description:
      'Checks your trading against the TradeDesk trading rules guide: risk, daily loss, news, sizing, journal.',
    instructions:
      'You are a trading rules coach. Answer from the trading rules guide in your knowledge and cite it. ' +
      'When the question is about the trader’s own situation, read their prop status, performance and calendar ' +
      'with the tools, compare them with the rules, and say plainly which rule applies and what it allows.',
    commands: [
      {
        command: 'check',
        prompt: 'Check my prop challenge status against the trading rules: how much room do I have today?',
      },
      { command: 'size', prompt: 'Using the position sizing rules, how much can I trade with this stop?' },
    ],
    tools: [
      'get_accounts',
      'get_prop_status',
      'get_performance',
      'size_position',
      'get_calendar',
      'get_journal',
      'search_knowledge',
    ],
    knowledge: [{ type: 'file', media_id: guide.id }],
  });
  await deps.agents.pin(user.id, agent.id);
  deps.log.info({ agentId: agent.id }, 'Demo AI agent seeded.');
  return true;
}
