import type { TradingAccount } from '@tradedesk/contracts';
import { minorUnitDigits } from '@tradedesk/core';
import { z } from 'zod';
import { AppError } from '../../../platform/errors.js';
import type { AiTool, ToolContext, ToolResult } from '../ai.types.js';
import type { AiToolsDeps } from './tools.deps.js';

/**
 * Defines a tool whose arguments are checked against its schema before it runs (whoever called it: the
 * orchestrator, a test, deep research), and whose refusals come back as a result the model can read and relay
 * ("No account of yours has this id.") instead of an exception: a tool never answers another user's data, it
 * answers "not found".
 */
export function defineTool<S extends z.ZodType>(tool: {
  name: string;
  description: string;
  parameters: S;
  kind: 'read' | 'action';
  run(ctx: ToolContext, args: z.infer<S>): Promise<ToolResult>;
  propose?: AiTool<z.infer<S>>['propose'];
  execute?: AiTool<z.infer<S>>['execute'];
}): AiTool<z.infer<S>> {
  return {
    ...tool,
    parameters: tool.parameters as unknown as z.ZodType<z.infer<S>>,
    async run(ctx: ToolContext, raw: z.infer<S>) {
      const parsed = tool.parameters.safeParse(raw ?? {});
      if (!parsed.success) return refusal('AI_TOOL_INVALID_ARGUMENTS', argumentsMessage(parsed.error));
      try {
        return await tool.run(ctx, parsed.data);
      } catch (error) {
        return refusalOf(error);
      }
    },
    ...(tool.propose
      ? {
          async propose(ctx: ToolContext, raw: z.infer<S>) {
            const parsed = tool.parameters.safeParse(raw ?? {});
            if (!parsed.success) {
              throw new AppError('AI_TOOL_INVALID_ARGUMENTS', 'validation', argumentsMessage(parsed.error));
            }
            return tool.propose!(ctx, parsed.data);
          },
        }
      : {}),
  };
}

/** The first issue as a sentence naming the argument. */
export function argumentsMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The arguments are not valid.';
  const path = issue.path.join('.');
  return path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message;
}

/** A result that says why nothing was read (and carries no data of anyone). */
export function refusal(code: string, message: string): ToolResult {
  return { summary: message, data: { error: { code, message } } };
}

/** Known refusals (not found, invalid, conflict) become results; anything else is a real failure and is thrown. */
export function refusalOf(error: unknown): ToolResult {
  if (error instanceof AppError && error.category !== 'internal' && error.category !== 'unavailable') {
    return refusal(error.code, error.message);
  }
  throw error;
}

/** Money in the currency's minor digits with its code: "-1,234.50 USD". */
export function money(value: number | null | undefined, currency: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'n/a';
  const digits = minorUnitDigits(currency);
  const text = Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return `${value < 0 ? '-' : ''}${text} ${currency}`;
}

export function percent(value: number | null | undefined, digits = 1): string {
  return value === null || value === undefined || !Number.isFinite(value) ? 'n/a' : `${value.toFixed(digits)}%`;
}

export function ratio(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? 'n/a' : value.toFixed(2);
}

// ---------- shared argument schemas ----------

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const dateArg = (name: string) =>
  z
    .string()
    .regex(DATE, `${name} must be a date written YYYY-MM-DD.`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${name} must be a real calendar date.`);
export const accountIdArg = z.uuid({ error: 'account_id must be a trading account id (a UUID).' });
export const symbolArg = z
  .string()
  .trim()
  .min(1, 'symbol must not be empty.')
  .max(20, 'symbol must be at most 20 characters.')
  .regex(/^[A-Za-z0-9._:-]+$/, 'symbol must be an instrument id such as EURUSD.');
/** An instrument id as the catalogue spells it (a `forex:eurusd` chart id becomes EURUSD). */
export const ticker = (symbol: string) => (symbol.includes(':') ? symbol.split(':').pop()! : symbol).toUpperCase();

// ---------- accounts ----------

/** The account a tool is about: the given one (the caller's, else "not found"), the active one, or the first. */
export async function accountFor(
  deps: Pick<AiToolsDeps, 'accounts'>,
  userId: string,
  accountId: string | undefined,
): Promise<TradingAccount | null> {
  if (accountId) {
    // owned() is scoped by the caller: another user's id is "not found", never their account
    await deps.accounts.owned(userId, accountId);
    const all = await deps.accounts.list(userId, 'all');
    return all.find((a) => a.id === accountId) ?? null;
  }
  const all = (await deps.accounts.list(userId, 'all')).filter((a) => a.status !== 'archived');
  return all.find((a) => a.active) ?? all[0] ?? null;
}

export const NO_ACCOUNT = refusal(
  'AI_NO_ACCOUNT',
  'You have no trading account yet: open one on the Accounts screen and your figures will appear here.',
);

/** The caller's time zone (the user's setting). */
export async function zoneOf(deps: Pick<AiToolsDeps, 'users'>, userId: string): Promise<string> {
  return (await deps.users.getById(userId)).timeZone;
}
