import { count, inArray } from 'drizzle-orm';
import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db.js';
import { helpPosts } from './posts.table.js';

/** What shipped before the help center existed (README), so What's new is not empty on a fresh start. */
const SEED = [
  {
    id: '6d1f0a57-1a55-4c6e-9f21-000000000001',
    kind: 'update' as const,
    version: '0.16.0',
    title: 'Plans, add-ons, coupons and the partner program',
    body:
      'Billing arrived: plans and add-ons with trials, coupons at checkout, proration when you change plan, ' +
      'invoices, and payment methods under Settings > Plan and billing. Partners earn commission on the customers ' +
      'they refer (Settings > Partner program).',
  },
  {
    id: '6d1f0a57-1a55-4c6e-9f21-000000000002',
    kind: 'update' as const,
    version: '0.15.0',
    title: 'Community: posts, articles, messages and communities',
    body:
      'Share ideas in the feed, write articles, message other traders and join communities. Report anything that ' +
      'breaks the rules: staff review the reports.',
  },
  {
    id: '6d1f0a57-1a55-4c6e-9f21-000000000003',
    kind: 'update' as const,
    version: '0.14.0',
    title: 'The AI assistant: chats, knowledge, agents and deep research',
    body:
      'Ask the assistant about your charts and trades, add documents and links to its knowledge, let agents run ' +
      'deep research, and turn a drafted order into the order ticket after you confirm it.',
  },
  {
    id: '6d1f0a57-1a55-4c6e-9f21-000000000004',
    kind: 'announcement' as const,
    version: null,
    title: 'Welcome to the help center',
    body:
      'Read the user guide, report bugs, request and vote on features, follow what ships here in What’s new, and ' +
      'open a support ticket when you need a person. Offline, the market is simulated.',
  },
];

/** Seeds the team's first posts when there are none (fixed ids: two servers starting at once insert them once). */
export async function seedHelpPosts(db: Db, clock: Clock): Promise<void> {
  const [existing] = await db
    .select({ n: count() })
    .from(helpPosts)
    .where(inArray(helpPosts.kind, ['announcement', 'update']));
  if ((existing?.n ?? 0) > 0) return;
  const base = clock.now().getTime();
  await db
    .insert(helpPosts)
    .values(
      SEED.map((p, i) => {
        const at = new Date(base - (SEED.length - i) * 60_000);
        return { ...p, status: null, authorId: null, createdAt: at, updatedAt: at };
      }),
    )
    .onConflictDoNothing();
}
