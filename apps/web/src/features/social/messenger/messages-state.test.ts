import type { Message } from '@tradedesk/contracts';
import { describe, expect, it } from 'vitest';
import { lastSeenId, mergeMessages, typingThrottle } from './messages-state';

const msg = (id: string, at: string, mine = true): Message => ({
  id,
  conversationId: 'c',
  senderId: mine ? 'me' : 'them',
  mine,
  text: id,
  attachments: [],
  moderated: false,
  createdAt: `2026-03-04T09:${at}:00.000Z`,
});

describe('messages state', () => {
  it('merges pages and live messages oldest first without duplicates', () => {
    const page = [msg('c', '03'), msg('b', '02')];
    const older = [msg('a', '01')];
    const live = [msg('d', '04'), msg('c', '03')];
    expect(mergeMessages(mergeMessages(page, older), live).map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('marks the last own message the peer has read as seen', () => {
    const list = [msg('a', '01'), msg('b', '02', false), msg('c', '03'), msg('d', '05')];
    expect(lastSeenId(list, null)).toBeNull();
    expect(lastSeenId(list, '2026-03-04T09:04:00.000Z')).toBe('c');
    expect(lastSeenId(list, '2026-03-04T09:00:00.000Z')).toBeNull();
  });

  it('sends typing at most once per interval', () => {
    let t = 0;
    let sent = 0;
    const typed = typingThrottle(
      () => sent++,
      2000,
      () => t,
    );
    typed();
    t = 500;
    typed();
    t = 2100;
    typed();
    expect(sent).toBe(2);
  });
});
