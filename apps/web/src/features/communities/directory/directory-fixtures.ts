import type { CommunitySummary, ProfileSummary } from '@tradedesk/contracts';

/** Test data of the communities screens (mocked API answers in the contracts' shapes). */
export const TRADERS = '11111111-1111-4111-8111-111111111111';
export const FX_CLUB = '22222222-2222-4222-8222-222222222222';
export const SECRET = '33333333-3333-4333-8333-333333333333';
export const OWNED = '44444444-4444-4444-8444-444444444444';

export function communitySummary(overrides: Partial<CommunitySummary> = {}): CommunitySummary {
  return {
    id: TRADERS,
    handle: 'traders',
    name: 'Day Traders',
    description: 'Scalps and intraday setups.',
    imageUrl: null,
    bannerUrl: null,
    visibility: 'public',
    categories: ['day_trading'],
    memberCount: 1204,
    membership: 'none',
    pinned: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function person(overrides: Partial<ProfileSummary> = {}): ProfileSummary {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    username: 'bob',
    displayName: 'Bob Trader',
    avatarUrl: null,
    isPublic: true,
    following: false,
    ...overrides,
  };
}

export const pageOf = <T>(items: T[], total = items.length) => ({ items, page: 1, limit: 10, total });
