import type {
  ChannelMessage,
  Community,
  CommunityChannel,
  CommunityMember,
  CommunityRole,
  Post,
  ProfileSummary,
} from '@tradedesk/contracts';
import { user as me } from '../../../test/fetch-mock';

export const COMMUNITY_ID = 'c0000000-0000-4000-8000-000000000001';
export const BOB_ID = '22222222-2222-4222-8222-222222222222';
export const GENERAL_ID = 'cc000000-0000-4000-8000-000000000001';
export const NEWS_ID = 'cc000000-0000-4000-8000-000000000002';
export const MOD_ROLE = 'aa000000-0000-4000-8000-000000000002';
export const MEMBER_ROLE = 'aa000000-0000-4000-8000-000000000001';

export function person(overrides: Partial<ProfileSummary> = {}): ProfileSummary {
  return {
    id: BOB_ID,
    username: 'bob',
    displayName: 'Bob Trader',
    avatarUrl: null,
    isPublic: true,
    following: false,
    ...overrides,
  };
}

export const mySummary = person({ id: me.id, username: me.username, displayName: 'Ada Lovelace' });

export function community(overrides: Partial<Community> = {}): Community {
  return {
    id: COMMUNITY_ID,
    handle: 'fx-club',
    name: 'FX Club',
    description: 'Majors and minors, every session.',
    imageUrl: null,
    bannerUrl: null,
    visibility: 'public',
    categories: ['forex'],
    memberCount: 42,
    membership: 'member',
    pinned: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    type: 'trading_group',
    communitySize: '1_50',
    platforms: ['discord'],
    existingCommunityUrl: null,
    owner: person(),
    settings: { showMemberCount: true, showOnlineMembers: false, accentColor: '#8861E4', welcomeMessage: '' },
    limited: false,
    myRoles: [{ id: MEMBER_ROLE, name: 'Member', color: '#8861E4', position: 1 }],
    myPermissions: ['post', 'comment', 'use_channels', 'invite_members'],
    mustAcceptRules: false,
    deletionScheduledFor: null,
    rating: { average: 4.5, count: 2 },
    ...overrides,
  };
}

export function post(overrides: Partial<Post> = {}): Post {
  const base = {
    id: '55555555-5555-4555-8555-555555555555',
    author: person(),
    content: '<p>EURUSD long above 1.0850</p>',
    createdAt: '2026-01-02T00:00:00.000Z',
    editedAt: null,
    pinned: false,
    visibility: 'community' as const,
    communityId: COMMUNITY_ID,
    replyAccess: 'everyone' as const,
    commentsClosed: false,
    hidden: false,
    mentions: [],
    symbols: [],
    hashtags: [],
    media: [],
    gif: null,
    chart: null,
    poll: null,
    trade: null,
    article: null,
    counts: { likes: 1, comments: 0, reposts: 0 },
    liked: false,
    favorited: false,
    bookmarked: false,
    reposted: false,
    canComment: true,
    canEdit: false,
    canDelete: false,
  };
  return { ...base, repostOf: null, isRepost: false, ...overrides };
}

export function channel(overrides: Partial<CommunityChannel> = {}): CommunityChannel {
  return {
    id: GENERAL_ID,
    communityId: COMMUNITY_ID,
    name: 'general',
    topic: 'Anything trading',
    kind: 'text',
    private: false,
    roleIds: [],
    position: 1,
    canWrite: true,
    unread: 0,
    mentions: 0,
    lastMessageAt: null,
    ...overrides,
  };
}

export function message(overrides: Partial<ChannelMessage> = {}): ChannelMessage {
  return {
    id: 'dd000000-0000-4000-8000-000000000001',
    channelId: GENERAL_ID,
    author: person(),
    content: 'Morning all',
    mentions: [],
    createdAt: '2026-01-02T08:00:00.000Z',
    editedAt: null,
    deleted: false,
    deletable: false,
    ...overrides,
  };
}

export function member(overrides: Partial<CommunityMember> = {}): CommunityMember {
  return {
    user: person(),
    roles: [{ id: MEMBER_ROLE, name: 'Member', color: '#8861E4', position: 1 }],
    joinedAt: '2026-01-01T00:00:00.000Z',
    manageable: false,
    ...overrides,
  };
}

export function role(overrides: Partial<CommunityRole> = {}): CommunityRole {
  return {
    roleId: MEMBER_ROLE,
    communityId: COMMUNITY_ID,
    name: 'Member',
    description: '',
    color: '#8861E4',
    display: false,
    permissions: ['post'],
    kind: 'member',
    position: 1,
    isDefault: true,
    members: 40,
    editable: false,
    assignable: false,
    ...overrides,
  };
}

export const page = <T>(items: T[], total = items.length) => ({ items, page: 1, limit: 10, total });
