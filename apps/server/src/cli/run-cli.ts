import { parseArgs } from 'node:util';
import { ConfigError } from '../config.js';
import { checkCalendarImportOptions, importCalendarCommand } from './calendar-commands.js';
import {
  checkImportOptions,
  deleteImportCommand,
  importCandlesCommand,
  isImportId,
  listImportsCommand,
} from './candles-commands.js';
import { type CliContext, CliError, EMBEDDED_DATABASE_NOTE, openCliContext } from './cli-context.js';
import { COUPONS_HELP, checkCouponArgs, couponsCommand } from './coupons-commands.js';
import { checkPlansArgs, plansCommand } from './plans-commands.js';
import type { CliStream } from './progress-line.js';
import { checkStaffArgs, staffCommand } from './staff-commands.js';

export type CliIo = { stdout: CliStream; stderr: CliStream; env: Record<string, string | undefined> };

export const HELP = `Usage: tradedesk <command> [options]

Commands:
  import-candles FILE --symbol SYMBOL [--timeframe TF] [--tz ZONE] [--user EMAIL] [--max-errors N]
      Imports a CSV file of candles: a MetaTrader 5 or 4 export, a Dukascopy export, or a table whose header
      names time (or date and time), open, high, low, close and optionally volume, separated by commas,
      semicolons or tabs. The bars replace the simulated market for SYMBOL over the file's range.
      Without --user they serve every user of the deployment; with --user only that account (as an upload in
      the app does). All or nothing: a file with bad rows is refused with their line numbers (the first
      --max-errors, default 20) and nothing is stored; bars already imported in the file's range are replaced.
        --timeframe  1m 5m 15m 30m 1h 4h 1D 1W 1M; told from the spacing of the bars when left out
        --tz         IANA zone of times written without an offset, e.g. Europe/London (default UTC)
  candle-imports [--user EMAIL] [--symbol SYMBOL]
      Lists the deployment's imports, or the account's with --user.
  delete-candle-import ID
      Deletes an import (any owner's) and its bars.
  calendar import FILE --kind earnings|ipos|economic [--source NAME]
      Imports a calendar from a CSV file (a header row naming the columns) or an ICS (iCalendar) file; the events
      are shown with their source (default: the file's name). Importing the same file again updates its events.
  staff grant EMAIL [--admin] | staff revoke EMAIL | staff list
      Grants the staff role (--admin: the admin role) to the account with this e-mail, revokes it, or lists the
      staff and admins with their roles. Staff use the staff console (/staff): tickets, bugs, feature requests,
      moderation, partners; admins also edit plans and coupons and change roles. STAFF_EMAILS (comma-separated)
      grants the staff role at every start.
${COUPONS_HELP}  plans export FILE | plans import FILE
      Writes the plan catalogue (plans, add-ons, prices per currency, the entitlements each grants; -1 is
      unlimited) to a JSON file, or writes a file's entries back: checked whole, in one transaction, applying at
      once. Entries left out of the file stay as they are; "active": false stops offering one.
  help
      Shows this text.

Commands use the server's settings: DATABASE_URL, or the embedded database in DATA_DIR (default ./data).
${EMBEDDED_DATABASE_NOTE}
Exit status: 0 done, 1 failed (the reasons on stderr), 2 the command was not used right.
`;

const importOptions = {
  symbol: { type: 'string' },
  timeframe: { type: 'string' },
  tz: { type: 'string' },
  user: { type: 'string' },
  'max-errors': { type: 'string' },
} as const;

/** Runs one command; answers the exit status. Never throws: every failure is a message on stderr. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  let ctx: CliContext | undefined;
  try {
    switch (command) {
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout.write(HELP);
        return command === undefined ? 2 : 0;
      case 'import-candles': {
        const { values, positionals } = parse(rest, importOptions);
        if (positionals.length !== 1) throw new CliError('import-candles takes one FILE.', 2);
        const options = {
          file: positionals[0]!,
          symbol: values.symbol,
          timeframe: values.timeframe,
          tz: values.tz,
          user: values.user,
          maxErrors: values['max-errors'],
        };
        checkImportOptions(options); // before the database is opened, so a typo costs nothing
        ctx = await openCliContext(io.env);
        await importCandlesCommand(ctx, options, io);
        return 0;
      }
      case 'candle-imports': {
        const { values, positionals } = parse(rest, { user: { type: 'string' }, symbol: { type: 'string' } } as const);
        if (positionals.length > 0) throw new CliError('candle-imports takes no FILE or ID.', 2);
        ctx = await openCliContext(io.env);
        await listImportsCommand(ctx, { user: values.user, symbol: values.symbol }, io);
        return 0;
      }
      case 'delete-candle-import': {
        const { positionals } = parse(rest, {} as const);
        if (positionals.length !== 1) throw new CliError('delete-candle-import takes one import ID.', 2);
        if (!isImportId(positionals[0]!)) {
          throw new CliError(`${positionals[0]} is not an import id (a uuid, as candle-imports lists them).`, 2);
        }
        ctx = await openCliContext(io.env);
        await deleteImportCommand(ctx, positionals[0]!, io);
        return 0;
      }
      case 'calendar': {
        const [sub, ...args] = rest;
        if (sub !== 'import')
          throw new CliError('calendar takes the subcommand import: calendar import FILE --kind KIND.', 2);
        const { values, positionals } = parse(args, { kind: { type: 'string' }, source: { type: 'string' } } as const);
        if (positionals.length !== 1) throw new CliError('calendar import takes one FILE.', 2);
        const options = { file: positionals[0]!, kind: values.kind, source: values.source };
        checkCalendarImportOptions(options);
        ctx = await openCliContext(io.env);
        await importCalendarCommand(ctx, options, io);
        return 0;
      }
      case 'staff': {
        checkStaffArgs(rest);
        ctx = await openCliContext(io.env);
        await staffCommand(ctx, rest, io);
        return 0;
      }
      case 'coupons': {
        checkCouponArgs(rest);
        ctx = await openCliContext(io.env);
        await couponsCommand(ctx, rest, io);
        return 0;
      }
      case 'plans': {
        checkPlansArgs(rest);
        ctx = await openCliContext(io.env);
        await plansCommand(ctx, rest, io);
        return 0;
      }
      default:
        throw new CliError(`${command} is not a command. Run "tradedesk help" for the list.`, 2);
    }
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr.write(`tradedesk: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof ConfigError) {
      io.stderr.write(`tradedesk: ${error.message}\n`);
      return 1;
    }
    io.stderr.write(`tradedesk: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await ctx?.close().catch(() => {});
  }
}

type OptionSpec = Record<string, { type: 'string' }>;

/** parseArgs, with an unknown or incomplete option as a usage error. */
function parse<T extends OptionSpec>(args: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`${error instanceof Error ? error.message : String(error)} Run "tradedesk help".`, 2);
  }
}
