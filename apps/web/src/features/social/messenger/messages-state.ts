import type { Message } from '@tradedesk/contracts';

const order = (a: Message, b: Message) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.createdAt < b.createdAt ? -1 : 1;

/** Messages oldest first, each once, whatever order pages and live events brought them in. */
export function mergeMessages(current: Message[], incoming: Message[]): Message[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort(order);
}

/** The caller's latest message the peer has read (shows "Seen" under it), or null. */
export function lastSeenId(messages: Message[], peerLastReadAt: string | null): string | null {
  if (!peerLastReadAt) return null;
  const read = Date.parse(peerLastReadAt);
  let seen: string | null = null;
  for (const m of messages) if (m.mine && Date.parse(m.createdAt) <= read) seen = m.id;
  return seen;
}

/** Calls `send` at most once per `everyMs` while the caller keeps typing. */
export function typingThrottle(send: () => void, everyMs: number, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const t = now();
    if (t - last < everyMs) return;
    last = t;
    send();
  };
}
