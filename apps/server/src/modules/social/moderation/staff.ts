import type { ModerationRepository } from './moderation.repository.js';

/**
 * The staff role (users.role): granted and revoked by e-mail (`tradedesk staff grant|revoke <email>`), and granted
 * at start to the accounts named in STAFF_EMAILS.
 */
export function createStaffRoles(deps: { repo: ModerationRepository; staffEmails: readonly string[] }) {
  const { repo } = deps;
  return {
    /** Makes the account with this e-mail staff; null when no account has it. */
    grant: (email: string) => repo.setRoleByEmail(email, 'staff'),
    /** Makes the account with this e-mail an ordinary user again; null when no account has it. */
    revoke: (email: string) => repo.setRoleByEmail(email, 'user'),
    /** The e-mails of the staff accounts, sorted. */
    list: () => repo.staffEmails(),
    /** Grants STAFF_EMAILS' existing accounts at start; answers the e-mails no account has (yet). */
    async grantConfigured(): Promise<string[]> {
      const missing: string[] = [];
      for (const email of deps.staffEmails) if (!(await repo.setRoleByEmail(email, 'staff'))) missing.push(email);
      return missing;
    },
  };
}
export type StaffRoles = ReturnType<typeof createStaffRoles>;
