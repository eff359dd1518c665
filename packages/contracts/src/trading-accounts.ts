import { z } from 'zod';
import { accountObjectiveSchema, PROP_PHASES, propRuleDescriptionSchema, tradingAccountPropSchema } from './prop.js';
import { line, opaque, secret } from './text.js';

/**
 * Trading accounts (spec sections 3, 4, 5 and 7 "Trading accounts"): virtual accounts on the built-in virtual
 * broker, and existing accounts of other platforms connected through a broker connector. Every call carries the
 * trading bearer token (or the session cookies of the web app).
 */

export const TRADING_ACCOUNT_DEFAULT_COLOR = '#8861E4';
export const TRADING_ACCOUNT_MAX_PER_USER = 50;

/** Currencies a virtual account can be kept in (the core's ACCOUNT_CURRENCIES, which also has their minor units). */
export const TRADING_ACCOUNT_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'AUD', 'CAD', 'NZD'] as const;
export type TradingAccountCurrency = (typeof TRADING_ACCOUNT_CURRENCIES)[number];
/** Starting balances offered without the custom flag; with it any amount in the custom range. */
export const VIRTUAL_STARTING_BALANCES = [1_000, 5_000, 10_000, 25_000, 50_000, 100_000, 200_000] as const;
export const VIRTUAL_CUSTOM_BALANCE_MIN = 100;
export const VIRTUAL_CUSTOM_BALANCE_MAX = 10_000_000;
export const VIRTUAL_DEFAULT_BALANCE = 10_000;
export const VIRTUAL_DEFAULT_LEVERAGE = 100;
export const VIRTUAL_MAX_LEVERAGE = 1000;

export const TRADING_ACCOUNT_TYPES = ['demo', 'live'] as const;
export type TradingAccountType = (typeof TRADING_ACCOUNT_TYPES)[number];
/** imported: trades made elsewhere, booked from imported reports; no live trading. */
export const TRADING_ACCOUNT_KINDS = ['virtual', 'connected', 'imported'] as const;
export type TradingAccountKind = (typeof TRADING_ACCOUNT_KINDS)[number];
/** connected: trading works; disconnected: the platform refused or was not reached at the last login; archived: kept read-only. */
export const TRADING_ACCOUNT_STATUSES = ['connected', 'disconnected', 'archived'] as const;
export type TradingAccountStatus = (typeof TRADING_ACCOUNT_STATUSES)[number];
export const MARGIN_MODES = ['hedging', 'netting'] as const;
export type MarginMode = (typeof MARGIN_MODES)[number];

/** Platform ids: the virtual broker, and platforms an existing account may live on. */
export const TRADING_PLATFORMS = ['virtual', 'mt4', 'mt5', 'ctrader', 'dxtrade', 'matchtrader', 'tradelocker'] as const;
export type TradingPlatformId = (typeof TRADING_PLATFORMS)[number];
export const PLATFORM_TYPES = ['virtual', 'metatrader', 'ctrader', 'web'] as const;
export type PlatformType = (typeof PLATFORM_TYPES)[number];

/**
 * Spec section 5: a colour normalised to 6-digit hex, padded with zeros and with the hash added
 * (`8861e4` -> `#8861E4`, `#fff` -> `#000FFF`). Undefined when `value` is not 1 to 6 hex digits.
 */
export function normaliseAccountColor(value: string): string | undefined {
  const digits = value.trim().replace(/^#/, '');
  if (!/^[0-9a-fA-F]{1,6}$/.test(digits)) return undefined;
  return `#${digits.padStart(6, '0').toUpperCase()}`;
}

export const accountColorSchema = (label = 'color') =>
  z
    .string({ error: `${label} must be a colour in hex, such as #8861E4.` })
    .max(16, `${label} must be a colour in hex, such as #8861E4.`)
    .transform((value, ctx) => {
      const color = normaliseAccountColor(value);
      if (color === undefined) {
        ctx.addIssue({ code: 'custom', message: `${label} must be 1 to 6 hex digits, such as #8861E4.` });
        return z.NEVER;
      }
      return color;
    });

const nameSchema = line('name', 60, { min: 1 });
const brokerSchema = line('broker', 80, { min: 1 });

const startingBalanceSchema = z
  .number()
  .min(VIRTUAL_CUSTOM_BALANCE_MIN)
  .max(VIRTUAL_CUSTOM_BALANCE_MAX)
  .refine((n) => Number.isInteger(n * 100), 'starting_balance must have at most 2 decimal places.');

/** POST /accounts, kind virtual: an account on the built-in virtual broker. */
export const createVirtualAccountBodySchema = z
  .strictObject({
    kind: z.literal('virtual'),
    name: nameSchema,
    color: accountColorSchema().optional(),
    type: z.enum(TRADING_ACCOUNT_TYPES).default('demo'),
    currency: z.enum(TRADING_ACCOUNT_CURRENCIES).default('USD'),
    starting_balance: startingBalanceSchema.default(VIRTUAL_DEFAULT_BALANCE),
    /** Without it the starting balance must be one of VIRTUAL_STARTING_BALANCES. */
    custom_balance: z.boolean().default(false),
    leverage: z.number().int().min(1).max(VIRTUAL_MAX_LEVERAGE).default(VIRTUAL_DEFAULT_LEVERAGE),
    margin_mode: z.enum(MARGIN_MODES).default('hedging'),
  })
  .superRefine((body, ctx) => {
    if (!body.custom_balance && !(VIRTUAL_STARTING_BALANCES as readonly number[]).includes(body.starting_balance)) {
      ctx.addIssue({
        code: 'custom',
        path: ['starting_balance'],
        message: `starting_balance must be one of ${VIRTUAL_STARTING_BALANCES.join(', ')} unless custom_balance is true.`,
      });
    }
  });

/** POST /accounts, kind existing: an account of another platform, through that platform's broker connector. */
export const connectExistingAccountBodySchema = z.strictObject({
  kind: z.literal('existing'),
  platform_type: z.enum(PLATFORM_TYPES),
  platform: z.enum(TRADING_PLATFORMS),
  server: line('server', 120, { min: 1 }),
  account_number: line('account_number', 40, { min: 1 }),
  password: secret('password', { max: 200 }),
  investor_password: secret('investor_password', { max: 200 }).optional(),
  name: nameSchema.optional(),
  color: accountColorSchema().optional(),
  broker: brokerSchema.optional(),
  type: z.enum(TRADING_ACCOUNT_TYPES).default('demo'),
});

/** Spec section 3 "Prop firm selection": POST /accounts with kind prop opens a challenge account on the virtual broker. */
export const createPropAccountBodySchema = z.strictObject({
  kind: z.literal('prop'),
  name: nameSchema,
  color: accountColorSchema().optional(),
  firm: line('firm', 60, { min: 1 }),
  challenge: line('challenge', 60, { min: 1 }),
  phase: z.enum(PROP_PHASES, { error: `phase must be one of ${PROP_PHASES.join(', ')}.` }).optional(),
  currency: z
    .string({ error: 'currency must be a three-letter currency code such as USD.' })
    .regex(/^[A-Z]{3}$/, 'currency must be a three-letter currency code such as USD.'),
  size: z.number({ error: 'size must be one of the challenge’s account sizes.' }).positive('size must be positive.'),
});
export type CreatePropAccountBody = z.infer<typeof createPropAccountBodySchema>;

/** POST /accounts, kind imported: an account whose trades and balance rows come from imported reports. */
export const createImportedAccountBodySchema = z.strictObject({
  kind: z.literal('imported'),
  name: nameSchema,
  color: accountColorSchema().optional(),
  type: z.enum(TRADING_ACCOUNT_TYPES).default('live'),
  currency: z.enum(TRADING_ACCOUNT_CURRENCIES, {
    error: `currency must be one of ${TRADING_ACCOUNT_CURRENCIES.join(', ')}.`,
  }),
  /** The balance before the first imported row; 0 when the report's own deposit rows make the balance. */
  starting_balance: z
    .number({ error: 'starting_balance must be a number.' })
    .min(0, 'starting_balance must be 0 or more.')
    .max(VIRTUAL_CUSTOM_BALANCE_MAX, `starting_balance must be at most ${VIRTUAL_CUSTOM_BALANCE_MAX}.`)
    .refine(
      (n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
      'starting_balance must have at most 2 decimal places.',
    )
    .default(0),
  /** The platform the trades were made on (a label: nothing is connected). */
  platform: z
    .enum(['mt4', 'mt5', 'ctrader', 'dxtrade', 'matchtrader', 'tradelocker'], {
      error: 'platform must be one of mt4, mt5, ctrader, dxtrade, matchtrader, tradelocker.',
    })
    .default('mt5'),
  broker: brokerSchema.optional(),
  server: line('server', 120, { min: 1 }).optional(),
});
export type CreateImportedAccountBody = z.infer<typeof createImportedAccountBodySchema>;

export const createTradingAccountBodySchema = z.discriminatedUnion('kind', [
  createVirtualAccountBodySchema,
  connectExistingAccountBodySchema,
  createPropAccountBodySchema,
  createImportedAccountBodySchema,
]);
export type CreateTradingAccountBody = z.infer<typeof createTradingAccountBodySchema>;
export type CreateVirtualAccountBody = z.infer<typeof createVirtualAccountBodySchema>;
export type ConnectExistingAccountBody = z.infer<typeof connectExistingAccountBodySchema>;

/** PUT /accounts/{id}: the account form (name, theme, broker, password, investor_password). */
export const updateTradingAccountBodySchema = z
  .strictObject({
    name: nameSchema.optional(),
    color: accountColorSchema().optional(),
    /** The account form's name for the colour (spec section 3); same rules as color. */
    theme: accountColorSchema('theme').optional(),
    broker: brokerSchema.optional(),
    password: secret('password', { max: 200 }).optional(),
    investor_password: secret('investor_password', { max: 200 }).optional(),
    type: z.enum(TRADING_ACCOUNT_TYPES).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.color !== undefined && body.theme !== undefined && body.color !== body.theme) {
      ctx.addIssue({ code: 'custom', path: ['theme'], message: 'theme must equal color when both are sent.' });
    }
  });
export type UpdateTradingAccountBody = z.infer<typeof updateTradingAccountBodySchema>;

/** POST /trading/accounts/{id}/reset: deletes every order, position and deal of a virtual account. */
export const resetTradingAccountBodySchema = z.strictObject({
  confirm: z.literal(true, {
    error: 'confirm must be true: a reset deletes every order, position and deal of the account for good.',
  }),
  starting_balance: startingBalanceSchema.optional(),
});
export type ResetTradingAccountBody = z.infer<typeof resetTradingAccountBodySchema>;

export const accountListQuerySchema = z.object({
  status: z.enum(['all', ...TRADING_ACCOUNT_STATUSES]).default('all'),
});

export const tradingAccountSchema = z.object({
  id: z.uuid(),
  /** The platform token of the account's /middleware/{platformToken}/... calls. */
  token: z.string(),
  name: z.string(),
  kind: z.enum(TRADING_ACCOUNT_KINDS),
  platform: z.enum(TRADING_PLATFORMS),
  platformType: z.enum(PLATFORM_TYPES),
  type: z.enum(TRADING_ACCOUNT_TYPES),
  /** The trade server, shown as the broker. */
  server: z.string(),
  broker: z.string(),
  username: z.string().nullable(),
  accountNumber: z.string().nullable(),
  color: z.string(),
  status: z.enum(TRADING_ACCOUNT_STATUSES),
  active: z.boolean(),
  currency: z.string(),
  startingBalance: z.number(),
  customBalance: z.boolean(),
  balance: z.number(),
  leverage: z.number().int(),
  marginMode: z.enum(MARGIN_MODES),
  /** The challenge the account is in (spec section 3 "Prop firm selection"); null for other accounts. */
  propFirm: tradingAccountPropSchema.nullable(),
  /** The trader's own objectives set on the account. */
  objectives: z.array(accountObjectiveSchema),
  /** The rules of the challenge's current phase, described; empty for other accounts. */
  rules: z.array(propRuleDescriptionSchema),
  settings: z.record(z.string(), z.unknown()),
  hasInvestorPassword: z.boolean(),
  created: z.string(),
  updated: z.string(),
  archivedAt: z.string().nullable(),
});
export type TradingAccount = z.infer<typeof tradingAccountSchema>;
export const tradingAccountListSchema = z.object({ accounts: z.array(tradingAccountSchema) });

export const platformTokenSchema = z.object({ token: z.string() });

export const tradingPlatformSchema = z.object({
  id: z.enum(TRADING_PLATFORMS),
  name: z.string(),
  type: z.enum(PLATFORM_TYPES),
  /** False: no broker connector for it on this server, so existing accounts of it cannot be connected. */
  connectorAvailable: z.boolean(),
});
export const tradingPlatformListSchema = z.object({ platforms: z.array(tradingPlatformSchema) });

export const tradingBrokerSchema = z.object({
  id: z.string(),
  name: z.string(),
  platforms: z.array(z.enum(TRADING_PLATFORMS)),
  servers: z.array(z.string()),
  /** What this broker is: the built-in virtual broker is labelled as such. */
  description: z.string(),
});
export const tradingBrokerListSchema = z.object({ brokers: z.array(tradingBrokerSchema) });

export const knownServersQuerySchema = z.object({
  query: line('query', 80).optional(),
  platform: z.enum(TRADING_PLATFORMS).optional(),
});
/** Server names grouped by their description (the broker). */
export const knownServersSchema = z.object({ data: z.record(z.string(), z.array(z.string())) });

export const platformTokenParamsSchema = z.object({ platformToken: opaque('platformToken', 100, { min: 1 }) });
export const platformAccountParamsSchema = z.object({
  platformToken: opaque('platformToken', 100, { min: 1 }),
  id: line('id', 60, { min: 1 }),
});

/** POST /middleware/{platformToken}/accounts/login: an optional password (a connector account's stored one otherwise). */
export const platformLoginBodySchema = z
  .strictObject({ password: secret('password', { max: 200 }).optional() })
  .nullish();

export const tradingAccountErrorCodes = [
  'TRADING_ACCOUNT_NOT_FOUND',
  'TRADING_ACCOUNT_LIMIT_REACHED',
  'TRADING_ACCOUNT_ARCHIVED',
  'TRADING_ACCOUNT_NOT_VIRTUAL',
  'TRADING_ACCOUNT_HAS_OPEN_ITEMS',
  'TRADING_NO_CONNECTOR',
  'TRADING_CONNECTOR_REFUSED',
  'TRADING_CONNECTOR_UNREACHABLE',
  'TRADING_INVALID_FIELD',
] as const;
