import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser, Configuration, SessionInfo, TimeZoneInfo } from '@tradedesk/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { RequireAuth } from '../../../app/route-guards';
import { createAppStore } from '../../../app/store';
import { SettingsPage } from '../settings-page';

export type RecordedCall = { method: string; path: string; query: URLSearchParams; body: unknown };
export type Reply = { status?: number; body?: unknown };
type Handler = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

export const testUser: AuthUser = {
  id: '6a1f0a43-7f51-4f7d-9a59-0f3c8f7c2b11',
  email: 'ada@example.com',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  status: 'active',
  twoFactorEnabled: false,
  theme: 'dark',
  createdAt: '2026-01-02T10:00:00.000Z',
};

export function makeConfiguration(
  overrides: { [K in keyof Configuration]?: Partial<Configuration[K]> } = {},
): Configuration {
  const base: Configuration = {
    general: {
      id: testUser.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      theme: 'dark',
      timeZone: 'Europe/London',
      timeFormat: '24h',
      created: '2026-01-02T10:00:00.000Z',
      updated: '2026-01-03T10:00:00.000Z',
      username: 'ada',
    },
    profile: {
      username: 'ada',
      biography: 'Analyst of engines',
      url: 'https://ada.example.com',
      location: 'London',
      visibility: 'everyone',
      isPublic: true,
      avatar: null,
      banner: null,
    },
    billing: {
      company: 'Engines Ltd',
      coc: '12345678',
      vat: 'GB123456789',
      country: 'GB',
      city: 'London',
      address: '1 Byron Street',
      state: '',
      zipcode: 'W1 1AA',
    },
    socials: {},
    notifications: {
      emailNews: true,
      emailProduct: true,
      emailAlerts: true,
      pushAlerts: true,
      pushMentions: true,
      pushMessages: true,
      pushFollows: false,
      weeklyReport: false,
      pushLikes: true,
      pushComments: true,
      pushReposts: true,
      pushRequests: true,
    },
    privacy: { support: false, twofa: false },
    theme: 'dark',
  };
  return {
    ...base,
    general: { ...base.general, ...overrides.general },
    profile: { ...base.profile, ...overrides.profile },
    billing: { ...base.billing, ...overrides.billing },
    socials: (overrides.socials as Record<string, string> | undefined) ?? base.socials,
    notifications: { ...base.notifications, ...overrides.notifications },
    privacy: { ...base.privacy, ...overrides.privacy },
  };
}

export const timeZones: TimeZoneInfo[] = [
  { id: 'America/New_York', label: '(GMT-05:00) New York, America', offsetMinutes: -300 },
  { id: 'UTC', label: '(GMT+00:00) UTC', offsetMinutes: 0 },
  { id: 'Europe/London', label: '(GMT+00:00) London', offsetMinutes: 0 },
  { id: 'Asia/Tokyo', label: '(GMT+09:00) Tokyo', offsetMinutes: 540 },
];

export const sessions: SessionInfo[] = [
  {
    id: '0b9c1d5e-1111-4c8e-9d7a-5a4f3e2d1c01',
    device: 'Firefox on Linux',
    ip: '192.0.2.10',
    createdAt: '2026-03-01T08:00:00.000Z',
    lastUsedAt: '2026-03-02T09:30:00.000Z',
    current: true,
  },
  {
    id: '0b9c1d5e-2222-4c8e-9d7a-5a4f3e2d1c02',
    device: 'Safari on iPhone',
    ip: '198.51.100.7',
    createdAt: '2026-02-01T08:00:00.000Z',
    lastUsedAt: '2026-02-20T18:15:00.000Z',
    current: false,
  },
];

/** A validation failure as the server's one error handler writes it. */
/** A failure about one field as the server answers it: the sentence as the message, and in details.fields. */
export function validationFailed(field: string, message: string, code = 'VALIDATION_FAILED', status = 400): Reply {
  return { status, body: { statusCode: status, code, message, details: { fields: [{ field, message }] } } };
}

export function errorReply(status: number, code: string, message: string): Reply {
  return { status, body: { statusCode: status, code, message } };
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) {
    const form = await request.formData();
    const out: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      out[key] = typeof value === 'string' ? value : { size: value.size };
    }
    return out;
  }
  const text = await request.text();
  if (!text) return undefined;
  return type.includes('application/json') ? JSON.parse(text) : text;
}

/**
 * The network edge: every `fetch` answered from `handlers` keyed 'METHOD /path' (without /api), each call
 * recorded with its decoded body. Unknown calls answer 404 so a test sees what it forgot.
 */
export function mockServer(initial: Record<string, Handler> = {}) {
  const config = makeConfiguration();
  const handlers: Record<string, Handler> = {
    'GET /customer/configuration': { body: config },
    'GET /market/timezones': { body: timeZones },
    'GET /customer/sessions': { body: { sessions } },
    'GET /customer/login/options': { body: { google: false, mailbox: false } },
    ...initial,
  };
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: await readBody(request),
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    const reply: Reply = !handler
      ? errorReply(404, 'NOT_FOUND', `Route ${call.method} ${call.path} not found`)
      : typeof handler === 'function'
        ? await handler(call)
        : handler;
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    on(key: string, handler: Handler) {
      handlers[key] = handler;
    },
    /** The calls made to 'METHOD /path', oldest first. */
    callsTo(key: string): RecordedCall[] {
      return calls.filter((c) => `${c.method} ${c.path}` === key);
    },
  };
}

/** The settings page inside the signed-in guard, on a memory router, with the app's store and providers. */
export function renderSettings(path = '/settings/my_account', user: AuthUser = testUser) {
  const store = createAppStore({
    auth: {
      status: 'signedIn',
      user,
      sessionId: sessions[0]?.id ?? null,
      accessExpiresAt: '2999-01-01T00:00:00.000Z',
      leftByChoice: false,
    },
  });
  const router = createMemoryRouter(
    [
      {
        element: <RequireAuth />,
        children: [
          { path: '/', element: <h1>Home</h1> },
          { path: 'settings/:page?', element: <SettingsPage /> },
        ],
      },
      { path: 'sign-in', element: <h1>Sign in</h1> },
    ],
    { initialEntries: [path] },
  );
  const events = userEvent.setup({ delay: null });
  render(
    <AppProviders store={store} withSession={false}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router, user: events };
}
