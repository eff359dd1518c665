import { createStaffRoles } from '../modules/staff/staff.roles.js';
import type { CommandIo } from './candles-commands.js';
import { type CliContext, CliError } from './cli-context.js';

export const STAFF_ACTIONS = ['grant', 'revoke', 'list'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** Checks the arguments of `staff grant EMAIL [--admin]`, `staff revoke EMAIL` and `staff list` before the database is opened. */
export function checkStaffArgs(args: readonly string[]): {
  action: StaffAction;
  email: string | undefined;
  admin: boolean;
} {
  const [action, ...rest] = args;
  if (!action || !(STAFF_ACTIONS as readonly string[]).includes(action)) {
    throw new CliError(
      'staff takes grant, revoke or list: staff grant EMAIL [--admin], staff revoke EMAIL, staff list.',
      2,
    );
  }
  if (action === 'list') {
    if (rest.length > 0) throw new CliError('staff list takes no EMAIL.', 2);
    return { action, email: undefined, admin: false };
  }
  const admin = action === 'grant' && rest.includes('--admin');
  const emails = rest.filter((a) => !(action === 'grant' && a === '--admin'));
  if (emails.length !== 1 || !/^[^\s@]+@[^\s@]+$/.test(emails[0]!)) {
    throw new CliError(`staff ${action} takes one EMAIL, the account's e-mail address.`, 2);
  }
  return { action: action as StaffAction, email: emails[0]!, admin };
}

/** Grants (staff or admin) or revokes the role of an account, or lists the staff and admins with their roles. */
export async function staffCommand(ctx: CliContext, args: readonly string[], io: CommandIo): Promise<void> {
  const { action, email, admin } = checkStaffArgs(args);
  const configured = ctx.config.moderation?.staffEmails ?? [];
  const staff = createStaffRoles({ db: ctx.database.db, staffEmails: configured });
  if (action === 'list') {
    const roles = await staff.roles();
    io.stdout.write(
      roles.length === 0 ? 'No account is staff.\n' : `${roles.map((r) => `${r.email}\t${r.role}`).join('\n')}\n`,
    );
    return;
  }
  const user = action === 'grant' ? await staff.grant(email!, admin ? 'admin' : 'staff') : await staff.revoke(email!);
  if (!user) throw new CliError(`No account has the e-mail ${email}.`);
  if (action === 'grant' && admin) {
    io.stdout.write(`${user.email} is now an admin: they use the staff console and edit plans, coupons and roles.\n`);
  } else if (action === 'grant') {
    io.stdout.write(`${user.email} is now staff: they use the staff console and moderate the community's reports.\n`);
  } else {
    io.stdout.write(`${user.email} is no longer staff.\n`);
    if (configured.includes(user.email.toLowerCase())) {
      io.stdout.write(
        `Note: ${user.email} is listed in STAFF_EMAILS, which makes it staff again at the next start: remove it there too.\n`,
      );
    }
  }
}
