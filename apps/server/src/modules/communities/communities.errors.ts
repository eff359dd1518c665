import type { CommunityErrorCode, CommunityPermission, ErrorCategory } from '@tradedesk/contracts';
import { COMMUNITY_PERMISSION_INFO } from '@tradedesk/contracts';
import { defineErrors } from '../../platform/errors.js';

const codes = {
  COMMUNITY_NOT_FOUND: 'not_found',
  COMMUNITY_FORBIDDEN: 'forbidden',
  COMMUNITY_BANNED: 'forbidden',
  COMMUNITY_NOT_MEMBER: 'forbidden',
  COMMUNITY_HANDLE_TAKEN: 'conflict',
  COMMUNITY_CONFIRM_MISMATCH: 'validation',
  COMMUNITY_ALREADY_MEMBER: 'conflict',
  COMMUNITY_OWNER_CANNOT_LEAVE: 'conflict',
  COMMUNITY_ROLE_NOT_FOUND: 'not_found',
  COMMUNITY_ROLE_HIERARCHY: 'forbidden',
  COMMUNITY_ROLE_PROTECTED: 'conflict',
  COMMUNITY_MEMBER_NOT_FOUND: 'not_found',
  COMMUNITY_REQUEST_NOT_FOUND: 'not_found',
  COMMUNITY_INVITE_NOT_FOUND: 'not_found',
  COMMUNITY_INVITE_INVALID: 'gone',
  COMMUNITY_RULES_NOT_ACCEPTED: 'conflict',
  COMMUNITY_ITEM_NOT_FOUND: 'not_found',
  COMMUNITY_REORDER_MISMATCH: 'validation',
  COMMUNITY_CHANNEL_NOT_FOUND: 'not_found',
  COMMUNITY_CHANNEL_READ_ONLY: 'forbidden',
  COMMUNITY_MESSAGE_NOT_FOUND: 'not_found',
  COMMUNITY_LIMIT: 'conflict',
  COMMUNITY_UPLOAD_INVALID: 'validation',
  COMMUNITY_CHANNEL_NAME_TAKEN: 'conflict',
  COMMUNITY_CURSOR_INVALID: 'validation',
  COMMUNITY_RATE_LIMITED: 'rate_limited',
  COMMUNITY_UPLOAD_TYPE: 'unsupported_media_type',
  COMMUNITY_UPLOAD_TOO_LARGE: 'payload_too_large',
  COMMUNITY_PERSON_NOT_FOUND: 'not_found',
  COMMUNITY_PERSON_BANNED: 'conflict',
  COMMUNITY_BAN_NOT_FOUND: 'not_found',
  COMMUNITY_MODERATOR_OFFER_NOT_FOUND: 'not_found',
  COMMUNITY_ALREADY_MODERATOR: 'conflict',
} as const satisfies Record<CommunityErrorCode, ErrorCategory>;

/** Errors of every community slice: `communityError('COMMUNITY_ROLE_NOT_FOUND', 'No role of this community has this id.')`. */
export const communityError = defineErrors(codes);

export const communityNotFound = () => communityError('COMMUNITY_NOT_FOUND', 'No community you can see has this id.');
export const notMember = () =>
  communityError('COMMUNITY_NOT_MEMBER', 'Only members of this community can do this. Join it first.');
export const banned = (until: Date | null, reason: string) =>
  communityError(
    'COMMUNITY_BANNED',
    `You are banned from this community${until ? ` until ${until.toISOString().slice(0, 10)}` : ''}${
      reason ? `: ${reason}` : ''
    }.`.replace(/\.\.$/, '.'),
  );
export const lacksPermission = (permission: CommunityPermission) =>
  communityError(
    'COMMUNITY_FORBIDDEN',
    `You need the permission "${COMMUNITY_PERMISSION_INFO[permission].label}" in this community to do this.`,
  );
export const outranked = (what: 'member' | 'role') =>
  communityError(
    'COMMUNITY_ROLE_HIERARCHY',
    what === 'member'
      ? 'You can only act on members whose highest role is below your own highest role.'
      : 'You can only edit, assign or unassign roles below your own highest role.',
  );
export const rulesNotAccepted = () =>
  communityError(
    'COMMUNITY_RULES_NOT_ACCEPTED',
    'Accept the community rules before your first post or message (POST /community/{id}/rules/accept).',
  );
export const channelNotFound = () =>
  communityError('COMMUNITY_CHANNEL_NOT_FOUND', 'No channel of this community that you can see has this id.');
export const channelReadOnly = () =>
  communityError(
    'COMMUNITY_CHANNEL_READ_ONLY',
    'This channel is read-only: only members with the permission "Manage channels" write announcements.',
  );
export const ownerOnly = () => communityError('COMMUNITY_FORBIDDEN', 'Only the owner of this community can do this.');
export const alreadyMember = () =>
  communityError('COMMUNITY_ALREADY_MEMBER', 'You are already a member of this community.');
export const inviteOnly = () =>
  communityError(
    'COMMUNITY_FORBIDDEN',
    'This community is joined by invitation only: accept the invite you received (see your notifications).',
  );
const labels = (permissions: CommunityPermission[]) =>
  permissions.map((p) => `"${COMMUNITY_PERMISSION_INFO[p].label}"`).join(', ');
/** A permission the caller lacks, put on a role (`role` absent) or given with a role (assigned, made default). */
export const cannotGrant = (permissions: CommunityPermission[], role?: string) =>
  communityError(
    'COMMUNITY_FORBIDDEN',
    role === undefined
      ? `You can only grant permissions you hold yourself; you lack ${labels(permissions)}.`
      : `You can only give a role whose permissions you hold yourself; the role “${role}” grants ${labels(permissions)}, which you lack.`,
  );
