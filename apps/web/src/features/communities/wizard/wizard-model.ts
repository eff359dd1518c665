import {
  acceptedImageTypes,
  COMMUNITY_HANDLE_PATTERN,
  type COMMUNITY_PLATFORMS,
  type COMMUNITY_SIZES,
  type COMMUNITY_TYPES,
  type CommunityVisibility,
  type CreateCommunityBody,
  createCommunityBodySchema,
} from '@tradedesk/contracts';

export type CommunityType = (typeof COMMUNITY_TYPES)[number];
export type CommunitySize = (typeof COMMUNITY_SIZES)[number];
export type CommunityPlatform = (typeof COMMUNITY_PLATFORMS)[number];

/** The wizard's steps, in order (spec section 2: it starts at community_type). */
export const WIZARD_STEPS = [
  'community_type',
  'existing_community',
  'platforms',
  'visibility',
  'identity',
  'review',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const STEP_LABELS: Record<WizardStep, string> = {
  community_type: 'Type',
  existing_community: 'Existing community',
  platforms: 'Platforms',
  visibility: 'Visibility',
  identity: 'Identity',
  review: 'Review',
};

export const TYPE_OPTIONS: Record<CommunityType, { label: string; description: string }> = {
  trading_group: { label: 'Trading group', description: 'Traders sharing ideas, setups and results.' },
  education: { label: 'Education', description: 'Courses, mentoring and lessons.' },
  signals: { label: 'Signals', description: 'Trade alerts for members to follow.' },
  prop_challenge: { label: 'Prop challenge', description: 'Passing prop firm evaluations together.' },
  investing: { label: 'Investing', description: 'Long-term portfolios and research.' },
  other: { label: 'Other', description: 'Something else.' },
};

export const SIZE_OPTIONS: Record<CommunitySize, string> = {
  just_starting: 'Just starting',
  '1_50': '1 to 50 members',
  '51_500': '51 to 500 members',
  '501_5000': '501 to 5,000 members',
  over_5000: 'More than 5,000 members',
};

export const PLATFORM_OPTIONS: Record<CommunityPlatform, string> = {
  discord: 'Discord',
  telegram: 'Telegram',
  skool: 'Skool',
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  slack: 'Slack',
  other: 'Other',
};

export const VISIBILITY_OPTIONS: Record<CommunityVisibility, { label: string; description: string }> = {
  public: {
    label: 'Public',
    description: 'Listed in Discover. Anyone signed in sees its feed, channels, rules and links, and joins at once.',
  },
  private: {
    label: 'Private',
    description:
      'Listed with its name, image, description and member count. Its feed, channels and members are for members; people ask to join and you accept them.',
  },
  hidden: {
    label: 'Hidden',
    description: 'Not listed anywhere. Only members and the people you invite can find it.',
  },
};

export const MAX_CATEGORIES = 3;

export type WizardState = {
  type: CommunityType | '';
  existingCommunityUrl: string;
  communitySize: CommunitySize | '';
  platforms: CommunityPlatform[];
  visibility: CommunityVisibility | '';
  name: string;
  handle: string;
  /** The person typed a handle: it no longer follows the name. */
  handleEdited: boolean;
  description: string;
  categories: string[];
  image: File | null;
  banner: File | null;
};

export const EMPTY_WIZARD: WizardState = {
  type: '',
  existingCommunityUrl: '',
  communitySize: '',
  platforms: [],
  visibility: '',
  name: '',
  handle: '',
  handleEdited: false,
  description: '',
  categories: [],
  image: null,
  banner: null,
};

/** Anything entered: leaving asks first. */
export function isDirty(s: WizardState): boolean {
  return (Object.keys(EMPTY_WIZARD) as (keyof WizardState)[]).some((k) => {
    const a = s[k];
    const b = EMPTY_WIZARD[k];
    return Array.isArray(a) && Array.isArray(b) ? a.length !== b.length : a !== b;
  });
}

/** A handle proposed from the name: lower case, spaces and punctuation to `-`, starting with a letter. */
export function suggestHandle(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+/g, '-')
    .slice(0, 30)
    .replace(/-$/, '');
  return base;
}

/** The handle's form, checked before asking the server (null: well formed). */
export function handleFormatError(handle: string): string | null {
  if (handle === '') return 'Choose a handle: it is the address of the community page.';
  return COMMUNITY_HANDLE_PATTERN.test(handle)
    ? null
    : 'The handle must be 3 to 30 lower-case letters, digits, _ or -, starting with a letter.';
}

/** The body of POST /community (the wire's snake_case); an empty address is left out. */
export function bodyOf(s: WizardState): Record<string, unknown> {
  return {
    type: s.type,
    ...(s.existingCommunityUrl.trim() ? { existing_community_url: s.existingCommunityUrl.trim() } : {}),
    community_size: s.communitySize,
    platforms: s.platforms,
    visibility: s.visibility,
    name: s.name,
    handle: s.handle,
    description: s.description,
    categories: s.categories,
  };
}

export type WizardField =
  | 'type'
  | 'existing_community_url'
  | 'community_size'
  | 'platforms'
  | 'visibility'
  | 'name'
  | 'handle'
  | 'description'
  | 'categories'
  | 'image'
  | 'banner';

export const STEP_FIELDS: Record<WizardStep, WizardField[]> = {
  community_type: ['type'],
  existing_community: ['existing_community_url', 'community_size'],
  platforms: ['platforms'],
  visibility: ['visibility'],
  identity: ['image', 'name', 'handle', 'banner', 'description', 'categories'],
  review: [],
};

/** Which step asks for a field (a server error on it sends the person back there). */
export function stepOfField(field: string): WizardStep | null {
  for (const step of WIZARD_STEPS) if ((STEP_FIELDS[step] as string[]).includes(field)) return step;
  return null;
}

const CHOICE_MESSAGES: Partial<Record<WizardField, string>> = {
  type: 'Choose what kind of community it is.',
  community_size: 'Choose how many members the community has today.',
  visibility: 'Choose who can see the community.',
  categories: 'Choose at least one category.',
};

/** An image the server accepts (type); null when fine or none. */
export function imageError(file: File | null): string | null {
  if (!file?.type) return null;
  return (acceptedImageTypes as readonly string[]).includes(file.type)
    ? null
    : 'This file type is not accepted. Choose a PNG, JPEG, WebP or GIF image.';
}

/** Every field's first problem, checked with the contract's schema (the server's own), in the person's words. */
export function fieldErrors(s: WizardState): Partial<Record<WizardField, string>> {
  const out: Partial<Record<WizardField, string>> = {};
  const parsed = createCommunityBodySchema.safeParse(bodyOf(s));
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as WizardField;
      out[field] ??= issue.message;
    }
  if (s.type === '') out.type = CHOICE_MESSAGES.type;
  if (s.communitySize === '') out.community_size = CHOICE_MESSAGES.community_size;
  if (s.visibility === '') out.visibility = CHOICE_MESSAGES.visibility;
  if (s.categories.length === 0) out.categories = CHOICE_MESSAGES.categories;
  const handle = handleFormatError(s.handle);
  if (handle) out.handle = handle;
  const image = imageError(s.image);
  if (image) out.image = image;
  const banner = imageError(s.banner);
  if (banner) out.banner = banner;
  return out;
}

/** The problems of one step's fields. */
export function stepErrors(s: WizardState, step: WizardStep): Partial<Record<WizardField, string>> {
  const all = fieldErrors(s);
  const out: Partial<Record<WizardField, string>> = {};
  for (const f of STEP_FIELDS[step]) if (all[f]) out[f] = all[f];
  return out;
}

/** The parsed body once every step is valid. */
export function createBodyOf(s: WizardState): CreateCommunityBody | null {
  const parsed = createCommunityBodySchema.safeParse(bodyOf(s));
  return parsed.success ? parsed.data : null;
}
