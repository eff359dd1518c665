import { CHANNEL_MESSAGE_DELETED_EVENT, CHANNEL_MESSAGE_EVENT } from '@tradedesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  channelLiveChange,
  channelWsName,
  insertMention,
  markDeleted,
  mentionAt,
  mergeChannelMessages,
} from './channel-messages-state';
import { community, GENERAL_ID, message } from './community-fixtures';
import { can, managesSomething, tabOf, visibleTabs } from './community-tabs';
import { accessOutcome } from './use-community-live';

const q = (s: string) => new URLSearchParams(s);

describe('community tabs in the URL', () => {
  it('opens Feed by default, any visible tab when asked, and only About when limited', () => {
    expect(tabOf(q(''), false)).toBe('feed');
    expect(tabOf(q('tab=channels'), false)).toBe('channels');
    expect(tabOf(q('tab=nonsense'), false)).toBe('feed');
    expect(tabOf(q('tab=members'), true)).toBe('about');
    expect(visibleTabs(true)).toEqual(['about']);
    expect(visibleTabs(false)).toEqual(['feed', 'channels', 'members', 'about']);
  });

  it('shows Settings to holders of a manage permission only (not to a plain member who may invite)', () => {
    expect(managesSomething(community())).toBe(false);
    expect(managesSomething(community({ myPermissions: ['view_audit_log'] }))).toBe(true);
    expect(can(community(), 'post')).toBe(true);
    expect(can(community(), 'pin_posts')).toBe(false);
  });

  it('leaves the page on banned, removed and deleted; reloads on other changes', () => {
    const e = (change: 'banned' | 'removed' | 'deleted' | 'roles_changed' | 'unbanned') => ({
      communityId: GENERAL_ID,
      change,
      message: '',
    });
    expect(accessOutcome(e('banned'))).toBe('lost');
    expect(accessOutcome(e('removed'))).toBe('lost');
    expect(accessOutcome(e('deleted'))).toBe('lost');
    expect(accessOutcome(e('roles_changed'))).toBe('reload');
    expect(accessOutcome(e('unbanned'))).toBe('reload');
  });
});

describe('channel messages', () => {
  const a = message({ id: 'dd000000-0000-4000-8000-00000000000a', createdAt: '2026-01-02T08:00:00.000Z' });
  const b = message({ id: 'dd000000-0000-4000-8000-00000000000b', createdAt: '2026-01-02T09:00:00.000Z' });

  it('keeps messages oldest first and each once', () => {
    expect(mergeChannelMessages([b], [a, b]).map((m) => m.id)).toEqual([a.id, b.id]);
    expect(mergeChannelMessages([a], [{ ...a, content: 'edited' }])[0]?.content).toBe('edited');
  });

  it('reads live events: a message alone or wrapped, a deletion by messageId or id, anything else ignored', () => {
    expect(channelLiveChange(CHANNEL_MESSAGE_EVENT, a)).toEqual({ kind: 'message', message: a });
    expect(channelLiveChange(CHANNEL_MESSAGE_EVENT, { message: a })).toEqual({ kind: 'message', message: a });
    expect(channelLiveChange(CHANNEL_MESSAGE_EVENT, { nonsense: true })).toEqual({ kind: 'none' });
    expect(channelLiveChange(CHANNEL_MESSAGE_DELETED_EVENT, { messageId: a.id })).toEqual({
      kind: 'deleted',
      messageId: a.id,
    });
    expect(channelLiveChange(CHANNEL_MESSAGE_DELETED_EVENT, { id: a.id, channelId: GENERAL_ID })).toEqual({
      kind: 'deleted',
      messageId: a.id,
    });
    expect(channelLiveChange('other', a)).toEqual({ kind: 'none' });
    expect(channelWsName(GENERAL_ID)).toBe(`community-channel:${GENERAL_ID}`);
  });

  it('keeps a deleted message in place, emptied', () => {
    const [gone] = markDeleted([{ ...a, deletable: true }], a.id);
    expect(gone).toMatchObject({ id: a.id, deleted: true, content: '', deletable: false });
  });
});

describe('mentions as typed', () => {
  it('finds the @name at the caret, only at a word start', () => {
    expect(mentionAt('Hi @bo', 6)).toEqual({ query: 'bo', start: 3 });
    expect(mentionAt('@', 1)).toEqual({ query: '', start: 0 });
    expect(mentionAt('mail@bo', 7)).toBeNull();
    expect(mentionAt('Hi @bob and', 11)).toBeNull();
    expect(mentionAt('Hi @bo and', 6)).toEqual({ query: 'bo', start: 3 });
  });

  it('replaces the typed part with the username and puts the caret after it', () => {
    expect(insertMention('Hi @bo', { start: 3, query: 'bo' }, 'bob')).toEqual({ text: 'Hi @bob ', caret: 8 });
    expect(insertMention('Hi @bo there', { start: 3, query: 'bo' }, 'bob_fx')).toEqual({
      text: 'Hi @bob_fx  there',
      caret: 11,
    });
  });
});
