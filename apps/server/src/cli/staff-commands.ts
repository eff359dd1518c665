import { createModerationRepository } from '../modules/social/moderation/moderation.repository.js';
import { createStaffRoles } from '../modules/social/moderation/staff.js';
import type { CommandIo } from './candles-commands.js';
import { type CliContext, CliError } from './cli-context.js';

export const STAFF_ACTIONS = ['grant', 'revoke', 'list'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** Checks the arguments of `staff grant|revoke <email>` and `staff list` before the database is opened. */
export function checkStaffArgs(args: readonly string[]): { action: StaffAction; email: string | undefined } {
  const [action, ...rest] = args;
  if (!action || !(STAFF_ACTIONS as readonly string[]).includes(action)) {
    throw new CliError('staff takes grant, revoke or list: staff grant EMAIL, staff revoke EMAIL, staff list.', 2);
  }
  if (action === 'list') {
    if (rest.length > 0) throw new CliError('staff list takes no EMAIL.', 2);
    return { action, email: undefined };
  }
  if (rest.length !== 1 || !/^[^\s@]+@[^\s@]+$/.test(rest[0]!)) {
    throw new CliError(`staff ${action} takes one EMAIL, the account's e-mail address.`, 2);
  }
  return { action: action as StaffAction, email: rest[0]! };
}

/** Grants or revokes the staff role (moderation queue) of an account, or lists the staff. */
export async function staffCommand(ctx: CliContext, args: readonly string[], io: CommandIo): Promise<void> {
  const { action, email } = checkStaffArgs(args);
  const configured = ctx.config.moderation?.staffEmails ?? [];
  const staff = createStaffRoles({ repo: createModerationRepository(ctx.database.db), staffEmails: configured });
  if (action === 'list') {
    const emails = await staff.list();
    io.stdout.write(emails.length === 0 ? 'No account is staff.\n' : `${emails.join('\n')}\n`);
    return;
  }
  const user = action === 'grant' ? await staff.grant(email!) : await staff.revoke(email!);
  if (!user) throw new CliError(`No account has the e-mail ${email}.`);
  if (action === 'grant') {
    io.stdout.write(`${user.email} is now staff: they can moderate the community's reports.\n`);
  } else {
    io.stdout.write(`${user.email} is no longer staff.\n`);
    if (configured.includes(user.email.toLowerCase())) {
      io.stdout.write(
        `Note: ${user.email} is listed in STAFF_EMAILS, which makes it staff again at the next start: remove it there too.\n`,
      );
    }
  }
}
