import { communityError } from '../communities.errors.js';

/** The roles slice's errors (codes from contracts `communityErrorCodes`). */

/** At most this many roles per community (Owner, Moderator and Member included). */
export const MAX_ROLES = 50;

export const roleNotFound = (field?: string) =>
  field
    ? communityError.onField(field, 'COMMUNITY_ROLE_NOT_FOUND', `${field} is not a role of this community.`)
    : communityError('COMMUNITY_ROLE_NOT_FOUND', 'No role of this community has this id.');

export const memberNotFound = (field?: string) =>
  field
    ? communityError.onField(field, 'COMMUNITY_MEMBER_NOT_FOUND', `${field} is not a member of this community.`)
    : communityError('COMMUNITY_MEMBER_NOT_FOUND', 'This person is not a member of this community.');

const protectedReasons = {
  permissions: 'The Owner role holds every permission; its permissions cannot change.',
  position: 'The Owner role is always the highest; its position cannot change.',
  delete: 'The Owner role cannot be deleted.',
  default: 'The Owner role cannot be a default role; new members never get it.',
} as const;

export const ownerRoleProtected = (what: keyof typeof protectedReasons) =>
  communityError('COMMUNITY_ROLE_PROTECTED', protectedReasons[what]);

export const ownerRoleNotAssignable = () =>
  communityError(
    'COMMUNITY_ROLE_PROTECTED',
    'The Owner role is not assigned or unassigned; the owner hands it over with POST /community/{id}/transfer-ownership.',
  );

export const transferToSelf = () =>
  communityError.onField(
    'member_id',
    'COMMUNITY_ROLE_PROTECTED',
    'member_id must be another member; you already own this community.',
  );

export const confirmMismatch = () =>
  communityError.onField(
    'confirm',
    'COMMUNITY_CONFIRM_MISMATCH',
    'confirm must be the community handle, typed exactly.',
  );

export const roleLimit = () =>
  communityError('COMMUNITY_LIMIT', `A community has at most ${MAX_ROLES} roles; delete one before creating another.`);
