import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { WS_MAX_SUBSCRIPTIONS } from '@tradedesk/contracts';
import { z } from 'zod';
import { type FeedConfig, parseNewsFeeds } from './modules/news/news.feeds.js';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().min(1).optional());
const bool = (def: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? def : ['1', 'true', 'yes', 'on'].includes(String(v).toLowerCase())),
    z.boolean(),
  );

export const roles = ['all', 'api', 'worker'] as const;
export type Role = (typeof roles)[number];

/** Every setting the server reads from the environment (README "Settings" lists them). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // Unset: the local address on PORT, so changing the port alone keeps emailed links working.
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  REDIS_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  TRADING_JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  // 32 bytes, base64: the AES-256-GCM key of broker connector passwords (generated into secrets.json when unset).
  BROKER_CREDENTIALS_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64')
      .optional(),
  ),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('TradeDesk <no-reply@tradedesk.local>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024 * 1024),
  // A demo account with a published password must not appear in a production database by default.
  SEED_DEMO: z.preprocess(emptyToUndefined, z.string().optional()),
  RATE_LIMIT: bool(true),
  API_DOCS: bool(true),
  WEB_DIST: optionalString,
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().max(1000).optional()),
  WS_MAX_PER_USER: z.coerce.number().int().min(1).max(10_000).default(20),
  WS_MAX_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(100),
  WS_MAX_GUESTS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(10),
  WS_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).max(10_000).default(WS_MAX_SUBSCRIPTIONS),
  MARKET_FEED_INTERVAL_MS: z.coerce.number().int().min(20).max(60_000).default(100),
  // News feeds as name=url,name=url (RSS 2.0 or Atom); unset: only the built-in Simulated provider.
  NEWS_FEEDS: optionalString,
  // false: no Simulated news provider (a deployment with real feeds only).
  NEWS_SIMULATED: bool(true),
  NEWS_FEED_INTERVAL_MS: z.coerce.number().int().min(10_000).max(86_400_000).default(600_000),
  NEWS_FEED_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  NEWS_FEED_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  // Calendars (README "Economic, earnings and IPO calendars").
  CALENDAR_FEED_URL: optionalString,
  CALENDAR_ICS_URL: optionalString,
  CALENDAR_FEED_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(10_000)
    .max(7 * 86_400_000)
    .default(3_600_000),
  CALENDAR_FEED_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  CALENDAR_FEED_TZ: z.string().default('UTC'),
  CALENDAR_SIMULATED: bool(true),
  ALERTS_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  ALERTS_WEBHOOK_PRIVATE: bool(false),
  // AI assistant models (README "AI models"): the operator's OpenAI-compatible provider; unset: the built-in analyst.
  AI_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_EMBEDDING_MODEL: optionalString,
  AI_USER_KEYS: z.enum(['allow', 'deny']).default('deny'),
  // Users' own base URLs may reach loopback and private addresses (a model server on the same network).
  AI_USER_PRIVATE_URLS: bool(false),
  // 32 bytes, base64: the AES-256-GCM key of users' own AI keys; unset: derived from BROKER_CREDENTIALS_KEY.
  AI_KEY_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64')
      .optional(),
  ),
  AI_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  AI_TOOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // AI assistant (chats): per-user daily allowance, counted per message; past it: 423 "Feature limit reached"
  AI_DAILY_MESSAGES: z.coerce.number().int().min(0).max(1_000_000).default(200),
  AI_DAILY_TOKENS: z.coerce.number().int().min(0).max(1_000_000_000).default(200_000),
  // Social posts: a Giphy-style GIF provider (search, trending, by id); without one, only the offline set
  GIF_PROVIDER_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  GIF_PROVIDER_KEY: optionalString,
  // Social moderation: distinct reporters that hide an item pending review; staff granted at start
  SOCIAL_REPORT_HIDE_THRESHOLD: z.coerce.number().int().min(1).max(1000).default(3),
  STAFF_EMAILS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(10_000)
      .refine(
        (v) => v.split(',').every((e) => e.trim() === '' || /^[^\s@,]+@[^\s@,]+$/.test(e.trim())),
        'must be e-mail addresses separated by commas',
      )
      .optional(),
  ),
  // Invoices: the seller as invoices name it (established in the Netherlands); ADDRESS lines separated by "|"
  INVOICE_SELLER_NAME: z.string().trim().min(1).max(200).default('TradeDesk'),
  INVOICE_SELLER_ADDRESS: z.string().max(500).default(''),
  INVOICE_SELLER_VAT: z.string().trim().max(40).default(''),
  INVOICE_SELLER_COC: z.string().trim().max(40).default(''),
  INVOICE_SELLER_EMAIL: z.string().trim().max(200).default(''),
  // Partner program (billing): commission rate (percent, up to 2 decimals) of newly approved partners, how many
  // months of a referred user's invoices earn it, the attribution window after a click, the hold before payable
  PARTNER_COMMISSION_PERCENT: z
    .string()
    .regex(/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/, 'must be a percentage from 0 to 100 with at most 2 decimals')
    .default('20'),
  PARTNER_COMMISSION_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  PARTNER_ATTRIBUTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  PARTNER_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  // Billing with Stripe (README "Billing"): unset STRIPE_SECRET_KEY: the built-in test-mode provider only
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  // Another Stripe API address (a proxy, or a local fake); unset: api.stripe.com
  STRIPE_API_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  // Support tickets (help center): new tickets and users' replies are mailed to SUPPORT_EMAIL (unset: none)
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email('must be an e-mail address').optional()),
  // Inbound mail: with INBOUND_SMTP_PORT and INBOUND_MAIL_DOMAIN set, an SMTP listener takes users' replies to
  // support+<ticket token>@INBOUND_MAIL_DOMAIN (point the domain's MX, or a relay, at it)
  INBOUND_SMTP_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65_535).optional()),
  INBOUND_SMTP_HOST: z.string().trim().min(1).default('0.0.0.0'),
  INBOUND_MAIL_DOMAIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$|^localhost$/, 'must be a domain name such as support.example.com')
      .optional(),
  ),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** `brokerKey`: base64 of the 32-byte AES-256-GCM key that encrypts broker connector passwords at rest. */
  secrets: { jwt: string; tradingJwt: string; brokerKey: string };
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  uploadMaxBytes: number;
  /** Largest candle CSV an upload may send (`POST /api/market/candles/import`). */
  importMaxBytes: number;
  seedDemo: boolean;
  rateLimit: boolean;
  /** Serve the OpenAPI document and the interactive reference at /api/docs. */
  apiDocs: boolean;
  webDist: string | undefined;
  role: Role;
  shutdownTimeoutMs: number;
  /**
   * Which peers may set X-Forwarded-For (Fastify `trustProxy`). False by default: otherwise any client
   * picks its own IP and walks around the per-IP rate limits.
   */
  trustProxy: boolean | string[];
  /** Open WebSockets one user, and one IP address, may hold per API process. */
  wsMaxPerUser: number;
  wsMaxPerIp: number;
  /** Signed-out WebSockets (public market channels only) per IP address and API process. */
  wsMaxGuestsPerIp: number;
  /** Channels one WebSocket may hold at once; past it, subscribe answers WS_TOO_MANY_SUBSCRIPTIONS. */
  wsMaxSubscriptions: number;
  /** Pause between two runs of the leader's market feed: about 1000 / this ticks a second per channel. */
  marketFeedIntervalMs: number;
  /** RSS/Atom news providers (`NEWS_FEEDS`) and how they are read. */
  news: {
    simulated: boolean;
    feeds: FeedConfig[];
    feedIntervalMs: number;
    feedTimeoutMs: number;
    feedMaxBytes: number;
  };
  /** Calendar feeds and imports; left out (tests): no feed, simulated calendar shown. */
  calendar?: CalendarConfig;
  /** Pause between two runs of the leader's alert evaluation (and webhook deliveries). */
  alertsIntervalMs: number;
  /** Alert webhooks may reach loopback and private addresses (off: only public addresses). */
  alertsWebhookPrivate: boolean;
  /** AI assistant models; left out (tests): the built-in analyst only, users' own keys denied. */
  ai?: AiConfig;
  /** AI assistant's per-user daily allowance (AI_DAILY_MESSAGES, AI_DAILY_TOKENS); left out (tests): 200 / 200,000. */
  aiQuota?: { dailyMessages: number; dailyTokens: number };
  /** Social moderation (SOCIAL_REPORT_HIDE_THRESHOLD, STAFF_EMAILS); left out (tests): threshold 3, no staff e-mails. */
  moderation?: { reportHideThreshold: number; staffEmails: string[] };
  /** The GIF provider of posts (GIF_PROVIDER_URL, GIF_PROVIDER_KEY); undefined: only the offline set. */
  gifProvider?: { url: string; key: string };
  /** The seller on invoices (INVOICE_SELLER_*); left out (tests): "TradeDesk", no address or numbers. */
  invoiceSeller?: { name: string; address: string[]; vatNumber: string; cocNumber: string; email: string };
  /** Partner program terms (PARTNER_*); left out (tests): 20 %, 12 months, 30 days window, 30 days hold. */
  partners?: { commissionPercent: string; commissionMonths: number; attributionDays: number; holdDays: number };
  /** Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL); undefined: the test-mode provider only. */
  stripe?: { secretKey: string; webhookSecret: string; apiUrl: string | undefined };
  /**
   * Support tickets (SUPPORT_EMAIL, INBOUND_SMTP_PORT, INBOUND_SMTP_HOST, INBOUND_MAIL_DOMAIN); left out (tests):
   * no support address, no inbound listener. `inbound.port` 0 listens on a free port (tests).
   */
  tickets?: { supportEmail: string | undefined; inbound: { host: string; port: number; domain: string } | undefined };
};

export type AiConfig = {
  /** The operator's OpenAI-compatible provider (AI_BASE_URL, AI_API_KEY, AI_MODEL); undefined: none. */
  provider:
    | { baseUrl: string; apiKey: string | undefined; model: string; embeddingModel: string | undefined }
    | undefined;
  /** Users may save their own provider and key (AI_USER_KEYS=allow). */
  userKeys: boolean;
  /** Users' own base URLs may reach loopback and private addresses (AI_USER_PRIVATE_URLS). */
  userPrivateUrls: boolean;
  /** Base64 of the 32-byte AES-256-GCM key sealing users' own keys at rest. */
  keySecret: string;
  /** How long a model may stay silent (before its first byte, or between two streamed chunks). */
  requestTimeoutMs: number;
  /** How long one tool call of a turn may take (spec: 10 s). */
  toolTimeoutMs: number;
};

export type CalendarConfig = {
  /** Economic-calendar feeds (weekly XML or JSON), CALENDAR_FEED_URL comma-separated. */
  feedUrls: string[];
  /** ICS or CSV calendars, CALENDAR_ICS_URL comma-separated, each `earnings=`, `ipos=` or `economic=` URL. */
  icsUrls: string[];
  feedIntervalMs: number;
  feedTimeoutMs: number;
  /** Time zone of feed times written without one (weekly XML). */
  feedTimeZone: string;
  /** Show the simulated calendar (CALENDAR_SIMULATED, default true). */
  simulated: boolean;
};

const urlList = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export class ConfigError extends Error {}

/** Reads `--role=...` from the command line. */
export function parseRole(argv: readonly string[]): Role {
  const arg = argv.find((a) => a.startsWith('--role='));
  if (!arg) return 'all';
  const value = arg.slice('--role='.length);
  if (!(roles as readonly string[]).includes(value)) {
    throw new ConfigError(`--role must be one of ${roles.join(', ')} (got "${value}")`);
  }
  return value as Role;
}

type SecretFile = { jwt: string; tradingJwt: string; brokerKey: string };

/**
 * Secrets not given in the environment are generated once and kept in DATA_DIR. A file written by an older
 * version gets the secrets it lacks added; the ones it has are kept (a new key would lock out what they sealed).
 */
function loadOrCreateSecrets(dataDir: string): SecretFile {
  const file = join(dataDir, 'secrets.json');
  let stored: Partial<SecretFile> = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<SecretFile>;
  } catch {
    // first start: create the file
  }
  const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
  const secrets: SecretFile = {
    jwt: str(stored.jwt) ?? randomBytes(48).toString('base64url'),
    tradingJwt: str(stored.tradingJwt) ?? randomBytes(48).toString('base64url'),
    brokerKey: str(stored.brokerKey) ?? randomBytes(32).toString('base64'),
  };
  if (
    secrets.jwt !== stored.jwt ||
    secrets.tradingJwt !== stored.tradingJwt ||
    secrets.brokerKey !== stored.brokerKey
  ) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

const truthy = (v: string) => ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
const falsy = (v: string) => ['0', 'false', 'no', 'off'].includes(v.toLowerCase());

/** TRUST_PROXY: unset or false, true (every hop: only behind a proxy that overwrites the header), or IPs/CIDRs. */
function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || falsy(value.trim())) return false;
  if (truthy(value.trim())) return true;
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const prefixOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 6 ? 128 : 32));
    if (!isIP(address) || !prefixOk || rest.length > 0) {
      throw new ConfigError(`TRUST_PROXY: "${entry}" is not an IP address or CIDR (or use true/false)`);
    }
  }
  return entries;
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  argv: readonly string[] = process.argv,
): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = result.data;
  const dataDir = resolve(e.DATA_DIR);
  const needFile = !e.JWT_SECRET || !e.TRADING_JWT_SECRET || !e.BROKER_CREDENTIALS_KEY;
  const stored = needFile ? loadOrCreateSecrets(dataDir) : undefined;
  if (e.AI_BASE_URL !== undefined && e.AI_MODEL === undefined) {
    throw new ConfigError('AI_MODEL must be set with AI_BASE_URL (the model name the provider serves)');
  }
  if ((e.GOOGLE_CLIENT_ID === undefined) !== (e.GOOGLE_CLIENT_SECRET === undefined)) {
    throw new ConfigError('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone: e.CALENDAR_FEED_TZ });
  } catch {
    throw new ConfigError(
      `CALENDAR_FEED_TZ: "${e.CALENDAR_FEED_TZ}" is not an IANA time zone such as America/New_York`,
    );
  }
  if ((e.STRIPE_SECRET_KEY === undefined) !== (e.STRIPE_WEBHOOK_SECRET === undefined)) {
    throw new ConfigError(
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together (payments that need 3-D Secure settle by webhook)',
    );
  }
  if (e.STRIPE_API_URL !== undefined && e.STRIPE_SECRET_KEY === undefined) {
    throw new ConfigError('STRIPE_API_URL needs STRIPE_SECRET_KEY');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    secrets: {
      jwt: e.JWT_SECRET ?? stored!.jwt,
      tradingJwt: e.TRADING_JWT_SECRET ?? stored!.tradingJwt,
      brokerKey: e.BROKER_CREDENTIALS_KEY ?? stored!.brokerKey,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : undefined,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    seedDemo: e.SEED_DEMO === undefined ? e.NODE_ENV !== 'production' : truthy(e.SEED_DEMO),
    rateLimit: e.RATE_LIMIT,
    apiDocs: e.API_DOCS,
    webDist: e.WEB_DIST,
    role: parseRole(argv),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    wsMaxPerUser: e.WS_MAX_PER_USER,
    wsMaxPerIp: e.WS_MAX_PER_IP,
    wsMaxGuestsPerIp: e.WS_MAX_GUESTS_PER_IP,
    wsMaxSubscriptions: e.WS_MAX_SUBSCRIPTIONS,
    marketFeedIntervalMs: e.MARKET_FEED_INTERVAL_MS,
    news: {
      simulated: e.NEWS_SIMULATED,
      feeds: newsFeedsOf(e.NEWS_FEEDS),
      feedIntervalMs: e.NEWS_FEED_INTERVAL_MS,
      feedTimeoutMs: e.NEWS_FEED_TIMEOUT_MS,
      feedMaxBytes: e.NEWS_FEED_MAX_BYTES,
    },
    calendar: {
      feedUrls: urlList(e.CALENDAR_FEED_URL),
      icsUrls: urlList(e.CALENDAR_ICS_URL),
      feedIntervalMs: e.CALENDAR_FEED_INTERVAL_MS,
      feedTimeoutMs: e.CALENDAR_FEED_TIMEOUT_MS,
      feedTimeZone: e.CALENDAR_FEED_TZ,
      simulated: e.CALENDAR_SIMULATED,
    },
    alertsIntervalMs: e.ALERTS_INTERVAL_MS,
    alertsWebhookPrivate: e.ALERTS_WEBHOOK_PRIVATE,
    ai: {
      provider:
        e.AI_BASE_URL && e.AI_MODEL
          ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, embeddingModel: e.AI_EMBEDDING_MODEL }
          : undefined,
      userKeys: e.AI_USER_KEYS === 'allow',
      userPrivateUrls: e.AI_USER_PRIVATE_URLS,
      keySecret: e.AI_KEY_SECRET ?? deriveAiKeySecret(e.BROKER_CREDENTIALS_KEY ?? stored!.brokerKey),
      requestTimeoutMs: e.AI_REQUEST_TIMEOUT_MS,
      toolTimeoutMs: e.AI_TOOL_TIMEOUT_MS,
    },
    aiQuota: { dailyMessages: e.AI_DAILY_MESSAGES, dailyTokens: e.AI_DAILY_TOKENS },
    gifProvider: e.GIF_PROVIDER_URL ? { url: e.GIF_PROVIDER_URL, key: e.GIF_PROVIDER_KEY ?? '' } : undefined,
    moderation: {
      reportHideThreshold: e.SOCIAL_REPORT_HIDE_THRESHOLD,
      staffEmails: (e.STAFF_EMAILS ?? '')
        .split(',')
        .map((v) => v.trim().toLowerCase())
        .filter((v) => v !== ''),
    },
    invoiceSeller: {
      name: e.INVOICE_SELLER_NAME,
      address: e.INVOICE_SELLER_ADDRESS.split('|')
        .map((l) => l.trim())
        .filter((l) => l !== ''),
      vatNumber: e.INVOICE_SELLER_VAT,
      cocNumber: e.INVOICE_SELLER_COC,
      email: e.INVOICE_SELLER_EMAIL,
    },
    partners: {
      commissionPercent: e.PARTNER_COMMISSION_PERCENT,
      commissionMonths: e.PARTNER_COMMISSION_MONTHS,
      attributionDays: e.PARTNER_ATTRIBUTION_DAYS,
      holdDays: e.PARTNER_HOLD_DAYS,
    },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : undefined,
    tickets: {
      supportEmail: e.SUPPORT_EMAIL,
      inbound:
        e.INBOUND_SMTP_PORT !== undefined && e.INBOUND_MAIL_DOMAIN
          ? { host: e.INBOUND_SMTP_HOST, port: e.INBOUND_SMTP_PORT, domain: e.INBOUND_MAIL_DOMAIN }
          : undefined,
    },
  };
}

/**
 * The key of users' own AI keys when AI_KEY_SECRET is unset: derived (HKDF-SHA256) from the broker credentials
 * key, so it is as stable as that key and needs no new secret, yet the two never share a key.
 */
export function deriveAiKeySecret(brokerKeyBase64: string): string {
  const derived = hkdfSync('sha256', Buffer.from(brokerKeyBase64, 'base64'), '', 'tradedesk ai user model keys', 32);
  return Buffer.from(derived).toString('base64');
}

function newsFeedsOf(value: string | undefined): FeedConfig[] {
  try {
    return parseNewsFeeds(value);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}
