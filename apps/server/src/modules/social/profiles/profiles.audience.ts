import type { ProfileSummary } from '@tradedesk/contracts';
import type { PersonRow } from './profiles.repository.js';

export type Audience = 'public' | 'private' | 'nobody';

/** The audience a profile's settings give it (see the rules in contracts' social.ts). */
export function audienceOf(p: { visibility: 'everyone' | 'followers' | 'nobody'; isPublic: boolean }): Audience {
  if (p.visibility === 'nobody') return 'nobody';
  return p.isPublic && p.visibility === 'everyone' ? 'public' : 'private';
}

/** Whether a viewer (not the owner) sees the owner's content, given the audience, follow and any block. */
export function seesContent(audience: Audience, following: boolean, blocked: boolean): boolean {
  if (blocked || audience === 'nobody') return false;
  return audience === 'public' || following;
}

export function displayNameOf(p: { firstName: string; lastName: string; username: string }): string {
  return `${p.firstName} ${p.lastName}`.trim() || p.username;
}

export function toSummary(
  p: PersonRow,
  viewerId: string,
  urlOf: (key: string | null) => string | null,
): ProfileSummary {
  return {
    id: p.id,
    username: p.username,
    displayName: displayNameOf(p),
    avatarUrl: urlOf(p.avatarKey),
    isPublic: audienceOf(p) === 'public',
    following: p.id !== viewerId && p.following,
  };
}
