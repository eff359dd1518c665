import {
  COMMUNITY_PERMISSION_INFO,
  COMMUNITY_PERMISSIONS,
  type Community,
  type CommunityMember,
  type CommunityPermission,
  type CommunityRole,
  type ProfileSummary,
} from '@tradedesk/contracts';
import { user as me } from '../../../../test/fetch-mock';

export const COMMUNITY = '11111111-1111-4111-8111-111111111111';
export const BOB = '22222222-2222-4222-8222-222222222222';
export const CARL = '33333333-3333-4333-8333-333333333333';
export const OWNER_ROLE = 'a0000000-0000-4000-8000-000000000001';
export const MOD_ROLE = 'a0000000-0000-4000-8000-000000000002';
export const MEMBER_ROLE = 'a0000000-0000-4000-8000-000000000003';
export const VIP_ROLE = 'a0000000-0000-4000-8000-000000000004';

export function person(overrides: Partial<ProfileSummary> = {}): ProfileSummary {
  return {
    id: BOB,
    username: 'bob',
    displayName: 'Bob Trader',
    avatarUrl: null,
    isPublic: true,
    following: false,
    ...overrides,
  };
}

export const ME = person({ id: me.id, username: me.username, displayName: 'Ada Lovelace' });

export function community(overrides: Partial<Community> = {}): Community {
  return {
    id: COMMUNITY,
    handle: 'fx-club',
    name: 'FX Club',
    description: 'Majors and minors.',
    imageUrl: null,
    bannerUrl: null,
    visibility: 'private',
    categories: ['forex'],
    memberCount: 3,
    membership: 'member',
    pinned: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    type: 'trading_group',
    communitySize: '1_50',
    platforms: [],
    existingCommunityUrl: null,
    owner: ME,
    settings: { showMemberCount: true, showOnlineMembers: false, accentColor: '#8861E4', welcomeMessage: '' },
    limited: false,
    myRoles: [{ id: OWNER_ROLE, name: 'Owner', color: '#E4616B', position: 1000 }],
    myPermissions: [...COMMUNITY_PERMISSIONS],
    mustAcceptRules: false,
    deletionScheduledFor: null,
    rating: { average: null, count: 0 },
    ...overrides,
  };
}

export function role(overrides: Partial<CommunityRole> = {}): CommunityRole {
  return {
    roleId: VIP_ROLE,
    communityId: COMMUNITY,
    name: 'VIP',
    description: '',
    color: '#61C3E4',
    display: false,
    permissions: ['post', 'comment'],
    kind: 'custom',
    position: 3,
    isDefault: false,
    members: 0,
    editable: true,
    assignable: true,
    ...overrides,
  };
}

export const ROLES: CommunityRole[] = [
  role({
    roleId: OWNER_ROLE,
    name: 'Owner',
    kind: 'owner',
    position: 1000,
    color: '#E4616B',
    members: 1,
    editable: false,
    assignable: false,
    permissions: [...COMMUNITY_PERMISSIONS],
  }),
  role({ roleId: MOD_ROLE, name: 'Moderator', kind: 'moderator', position: 2, members: 1 }),
  role({ roleId: MEMBER_ROLE, name: 'Member', kind: 'member', position: 1, isDefault: true, members: 3 }),
  role(),
];

export function member(overrides: Partial<CommunityMember> = {}): CommunityMember {
  return {
    user: person(),
    roles: [{ id: MEMBER_ROLE, name: 'Member', color: '#61C3E4', position: 1 }],
    joinedAt: '2026-02-01T00:00:00.000Z',
    manageable: true,
    ...overrides,
  };
}

export function catalogue(mine: readonly CommunityPermission[] = COMMUNITY_PERMISSIONS) {
  return {
    catalogue: COMMUNITY_PERMISSIONS.map((name) => ({ name, ...COMMUNITY_PERMISSION_INFO[name] })),
    mine: [...mine],
  };
}

export const page = <T>(items: T[], total = items.length, limit = 10) => ({ items, page: 1, limit, total });

/** jsdom lays nothing out: the kit's table renders rows only when its scrolling area has a height. */
export const TABLE_HEIGHT = 600;
