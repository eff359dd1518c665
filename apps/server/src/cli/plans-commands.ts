import { readFile, writeFile } from 'node:fs/promises';
import { catalogueFileSchema } from '../modules/billing/plans/plans.catalogue.js';
import { createBillingPlans } from '../modules/billing/plans/plans.plugin.js';
import { systemClock } from '../platform/clock.js';
import type { CommandIo } from './candles-commands.js';
import { type CliContext, CliError } from './cli-context.js';

/** Checks `plans export|import FILE` before the database is opened. */
export function checkPlansArgs(args: readonly string[]): { action: 'export' | 'import'; file: string } {
  const [action, ...rest] = args;
  if (action !== 'export' && action !== 'import') {
    throw new CliError('plans takes export or import: plans export FILE.json, plans import FILE.json.', 2);
  }
  if (rest.length !== 1 || !rest[0]) throw new CliError(`plans ${action} takes one FILE (a .json file).`, 2);
  return { action, file: rest[0] };
}

/**
 * The operator's edits of the plan catalogue without code: `export` writes plans, add-ons, prices and entitlements
 * to a JSON file; `import` checks a file whole and writes every entry in it (its prices replaced), in one
 * transaction. Entries left out of the file stay as they are; `"active": false` stops offering one.
 */
export async function plansCommand(ctx: CliContext, args: readonly string[], io: CommandIo): Promise<void> {
  const { action, file } = checkPlansArgs(args);
  const plans = createBillingPlans({ db: ctx.database.db, clock: systemClock }).service;
  if (action === 'export') {
    const catalogue = await plans.exportFile();
    await writeFile(file, `${JSON.stringify(catalogue, null, 2)}\n`);
    io.stdout.write(`Wrote ${catalogue.plans.length} plans and ${catalogue.addons.length} add-ons to ${file}.\n`);
    return;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new CliError(`${file} could not be read as JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = catalogueFileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 20)
      .map((i) => `  ${i.path.length > 0 ? i.path.join('.') : '(file)'}: ${i.message}`);
    throw new CliError(`${file} was not imported; nothing changed:\n${problems.join('\n')}`);
  }
  await plans.importFile(parsed.data);
  io.stdout.write(
    `Imported ${parsed.data.plans.length} plans and ${parsed.data.addons.length} add-ons from ${file}; they apply at once.\n`,
  );
}
