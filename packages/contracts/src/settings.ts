import { z } from 'zod';
import { currentPasswordSchemaFor, newPasswordSchema, usernameSchema } from './auth.js';
import { line, multiline } from './text.js';

// ---- reference data -----------------------------------------------------------------------------

export const themes = ['dark', 'light', 'sync'] as const;
export const themeSchema = z.enum(themes, { error: 'Theme must be dark, light or sync.' });
export type Theme = z.infer<typeof themeSchema>;

export const timeFormats = ['24h', '12h'] as const;
export const timeFormatSchema = z.enum(timeFormats, { error: 'Time format must be 24h or 12h.' });
export type TimeFormat = z.infer<typeof timeFormatSchema>;

export const profileVisibilities = ['everyone', 'followers', 'nobody'] as const;
export const profileVisibilitySchema = z.enum(profileVisibilities, {
  error: 'Visibility must be everyone, followers or nobody.',
});
export type ProfileVisibility = z.infer<typeof profileVisibilitySchema>;

/** ISO 3166-1 alpha-2: every officially assigned code. */
export const countryCodes = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const countryCodeSet = new Set(countryCodes);
const COUNTRY_MESSAGE = 'Country must be a two-letter ISO 3166-1 country code, or empty.';

let timeZoneSet: Set<string> | undefined;

/** Every IANA zone this runtime knows, plus 'UTC' (which `supportedValuesOf` leaves out). */
export function supportedTimeZones(): ReadonlySet<string> {
  timeZoneSet ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return timeZoneSet;
}

/**
 * The canonical name of a time zone, or undefined when it is not a real IANA zone. Aliases such as
 * 'Europe/Kyiv' and 'Europe/Kiev' resolve to the name this runtime lists, so browsers and server agree.
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (name.toUpperCase() === 'UTC') return 'UTC';
  const zones = supportedTimeZones();
  if (zones.has(name)) return name;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return zones.has(resolved) ? resolved : undefined;
  } catch {
    return undefined;
  }
}

export const timeZoneSchema = line('Time zone', 64, { min: 1 }).transform((name, ctx) => {
  const canonical = canonicalTimeZone(name);
  if (canonical) return canonical;
  ctx.addIssue({ code: 'custom', message: 'Time zone must be an IANA time zone such as Europe/London, or UTC.' });
  return z.NEVER;
});

/** Notification switches the account settings offer, each with its default. */
export const notificationDefaults = {
  email_news: true,
  email_product: true,
  email_alerts: true,
  push_alerts: true,
  push_mentions: true,
  push_messages: true,
  push_follows: false,
  weekly_report: false,
  // social notices (issue 15): each type is created only while its switch is on
  push_likes: true,
  push_comments: true,
  push_reposts: true,
  push_requests: true,
} as const satisfies Record<string, boolean>;
export type NotificationKey = keyof typeof notificationDefaults;
export const notificationKeys = Object.keys(notificationDefaults) as NotificationKey[];

const personName = (label: string) => line(label, 60, { min: 1 });
/** A switch: its message names the field by its wire name, e.g. "push_follows must be true or false.". */
const boolField = z.boolean();

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

// ---- requests (snake_case) ----------------------------------------------------------------------
// Each PUT may carry a subset of its fields; fields left out keep their value.

export const generalSettingsBodySchema = z.object({
  first_name: personName('First name').optional(),
  last_name: personName('Last name').optional(),
  phone: line('Phone', 32)
    .regex(/^(\+?[0-9 ()./-]{3,32})?$/, 'Phone must be a phone number (digits, spaces and + ( ) . / - only).')
    .optional(),
  time_zone: timeZoneSchema.optional(),
  time_format: timeFormatSchema.optional(),
});
export type GeneralSettingsBody = z.infer<typeof generalSettingsBodySchema>;

export const billingSettingsBodySchema = z.object({
  company: line('Company', 120).optional(),
  coc: line('Chamber of Commerce number', 40).optional(),
  vat: line('VAT number', 40).optional(),
  country: line('Country', 64)
    .transform((v) => v.toUpperCase())
    .refine((v) => v === '' || countryCodeSet.has(v), COUNTRY_MESSAGE)
    .optional(),
  city: line('City', 100).optional(),
  address: line('Address', 200).optional(),
  state: line('State or province', 100).optional(),
  zipcode: line('ZIP or postal code', 20).optional(),
});
export type BillingSettingsBody = z.infer<typeof billingSettingsBodySchema>;

/** Any subset of the known switches; an unknown key is refused by name rather than silently dropped. */
export const notificationSettingsBodySchema = z
  .looseObject(
    Object.fromEntries(notificationKeys.map((k) => [k, boolField.optional()])) as Record<
      NotificationKey,
      z.ZodOptional<typeof boolField>
    >,
  )
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (!(key in notificationDefaults)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is not a notification setting (known: ${notificationKeys.join(', ')}).`,
        });
      }
    }
  });
export type NotificationSettingsBody = Partial<Record<NotificationKey, boolean>>;

export const securitySettingsBodySchema = z.object({
  current_password: currentPasswordSchemaFor('Current password'),
  new_password: newPasswordSchema('New password'),
});
export type SecuritySettingsBody = z.infer<typeof securitySettingsBodySchema>;

export const privacySettingsBodySchema = z.object({
  support: boolField.optional(),
  /** Read-only here: two-factor is switched through /customer/2fa/*. Sending the current value is accepted. */
  twofa: boolField.optional(),
});
export type PrivacySettingsBody = z.infer<typeof privacySettingsBodySchema>;

export const profileBodySchema = z.object({
  username: usernameSchema.optional(),
  biography: multiline('Biography', 500).optional(),
  url: line('Website', 2048)
    .refine((v) => v === '' || isHttpUrl(v), 'Website must be an http or https URL, or empty.')
    .optional(),
  location: line('Location', 100).optional(),
  visibility: profileVisibilitySchema.optional(),
  is_public: boolField.optional(),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

export const themeBodySchema = z.object({ theme: themeSchema });
export type ThemeBody = z.infer<typeof themeBodySchema>;

/**
 * Deleting the account: `password` for accounts that have one. An account created through Google
 * sign-in has no password and confirms with `confirm: 'DELETE'` instead.
 */
export const deleteAccountBodySchema = z.object({
  password: currentPasswordSchemaFor('Password').optional(),
  confirm: z.literal('DELETE', { error: 'Type the word DELETE to confirm.' }).optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** Multipart upload for PUT /customer/profile/image and /banner: one file field named `file`. */
export const imageUploadBodySchema = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'PNG, JPEG, WebP or GIF; at most UPLOAD_MAX_BYTES' }),
  })
  // The multipart parser leaves the body null; the file is read from the stream by the handler.
  .nullish();
export const acceptedImageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** Largest width and height (pixels) an avatar or a banner may declare; bigger images are refused unread. */
export const maxImageDimensions = { avatar: 4096, banner: 8000 } as const;

// ---- responses (camelCase) ----------------------------------------------------------------------

const isoDate = z.string();

export const generalSettingsSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  theme: themeSchema,
  timeZone: z.string(),
  timeFormat: timeFormatSchema,
  created: isoDate,
  updated: isoDate,
  username: z.string(),
});
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

export const profileSettingsSchema = z.object({
  username: z.string(),
  biography: z.string(),
  url: z.string(),
  location: z.string(),
  visibility: profileVisibilitySchema,
  isPublic: z.boolean(),
  /** URL path of the avatar image, null when none was uploaded. */
  avatar: z.string().nullable(),
  banner: z.string().nullable(),
});
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;

export const billingSettingsSchema = z.object({
  company: z.string(),
  coc: z.string(),
  vat: z.string(),
  country: z.string(),
  city: z.string(),
  address: z.string(),
  state: z.string(),
  zipcode: z.string(),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;

export const notificationSettingsSchema = z.object({
  emailNews: z.boolean(),
  emailProduct: z.boolean(),
  emailAlerts: z.boolean(),
  pushAlerts: z.boolean(),
  pushMentions: z.boolean(),
  pushMessages: z.boolean(),
  pushFollows: z.boolean(),
  weeklyReport: z.boolean(),
  pushLikes: z.boolean(),
  pushComments: z.boolean(),
  pushReposts: z.boolean(),
  pushRequests: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const privacySettingsSchema = z.object({ support: z.boolean(), twofa: z.boolean() });
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

export const configurationSchema = z.object({
  general: generalSettingsSchema,
  profile: profileSettingsSchema,
  billing: billingSettingsSchema,
  socials: z.record(z.string(), z.string()),
  notifications: notificationSettingsSchema,
  privacy: privacySettingsSchema,
  theme: themeSchema,
});
export type Configuration = z.infer<typeof configurationSchema>;

export const imageUploadResponseSchema = z.object({ url: z.string() });
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;

export const timeZoneInfoSchema = z.object({ id: z.string(), label: z.string(), offsetMinutes: z.number().int() });
export type TimeZoneInfo = z.infer<typeof timeZoneInfoSchema>;
export const timeZonesResponseSchema = z.array(timeZoneInfoSchema);

export const filesParamsSchema = z.object({ '*': line('File path', 300, { min: 1 }) });

export const settingsErrorCodes = [
  'SETTINGS_TWOFA_READ_ONLY',
  'SETTINGS_PASSWORD_INCORRECT',
  'SETTINGS_PASSWORD_REQUIRED',
  'SETTINGS_CONFIRM_REQUIRED',
  'SETTINGS_PASSWORD_UNCHANGED',
  'SETTINGS_UPLOAD_MISSING',
  'SETTINGS_UPLOAD_TYPE',
  'SETTINGS_UPLOAD_TOO_LARGE',
  'SETTINGS_UPLOAD_MALFORMED',
  'SETTINGS_UPLOAD_UNREADABLE',
  'SETTINGS_UPLOAD_DIMENSIONS',
  'FILE_NOT_FOUND',
] as const;
export type SettingsErrorCode = (typeof settingsErrorCodes)[number];
