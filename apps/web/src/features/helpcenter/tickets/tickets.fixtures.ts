import type { Ticket } from '@tradedesk/contracts';

/** A ticket as the server answers it, for the web tests. */
export const TICKET_ID = '00000000-0000-4000-8000-000000000001';

export function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: TICKET_ID,
    subject: 'Cannot export my journal',
    status: 'waiting',
    messageCount: 2,
    preview: 'Try again now.',
    createdAt: '2026-06-01T09:00:00.000Z',
    lastMessageAt: '2026-06-01T10:00:00.000Z',
    requester: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Ada L', email: null },
    messages: [
      {
        id: '00000000-0000-4000-8000-000000000011',
        authorName: 'Ada L',
        fromStaff: false,
        body: 'The CSV is empty.',
        source: 'web',
        createdAt: '2026-06-01T09:00:00.000Z',
      },
      {
        id: '00000000-0000-4000-8000-000000000012',
        authorName: 'TradeDesk support',
        fromStaff: true,
        body: 'Try again now.',
        source: 'web',
        createdAt: '2026-06-01T10:00:00.000Z',
      },
    ],
    ...overrides,
  };
}
