import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { users } from '../src/modules/users/users.table.js';
import { mailOutbox } from '../src/platform/mail/mail.table.js';

export type SignedInUser = {
  userId: string;
  email: string;
  password: string;
  username: string;
  accessToken: string;
  refreshToken: string;
  tradingAccessToken: string;
  tradingRefreshToken: string;
  /** A `Cookie` header value carrying every session cookie, as a browser would send them. */
  cookie: string;
  /** `{ authorization: 'Bearer <access token>' }`, for API-client style calls. */
  auth: { authorization: string };
};

export type SignUpOverrides = {
  email?: string;
  password?: string;
  username?: string;
  firstName?: string;
  lastName?: string;
};

/** A unique suffix per call, so tests sharing one app never collide on email or username. */
export function uniqueSuffix(): string {
  return randomBytes(5).toString('hex');
}

/** The `name=value` pairs of a response's Set-Cookie headers. */
export function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of response.cookies) out[c.name] = c.value;
  return out;
}

/** A Cookie header value from name/value pairs. */
export function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

/**
 * The newest link mailed to `email` (from the outbox the test app writes to). Forgot and resend mail
 * after answering, so the mail may land a moment after the response: look again for up to 5 s.
 */
export async function latestMailLink(
  app: FastifyInstance,
  email: string,
  template?: 'activation' | 'reset',
  /** Wait for a newer mail than the one carrying this token. */
  except?: string,
) {
  for (let attempt = 0; ; attempt++) {
    const rows = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email.toLowerCase()))
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
    const mail = rows.find((r) => !template || r.template === template);
    const link = mail?.links[0];
    const token = link ? (new URL(link).searchParams.get('token') ?? '') : undefined;
    if (link && token !== undefined && token !== except) return { link, token };
    if (attempt >= 250) throw new Error(`no ${template ?? ''} mail to ${email} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let signUpAddress = 0;
/**
 * A documentation address (RFC 5737 TEST-NET-2) per sign-up, so the per-address sign-up limit counts
 * each test's sign-ups apart; tests of that limit choose their address themselves.
 */
function nextSignUpAddress(): string {
  signUpAddress += 1;
  return `198.51.100.${(signUpAddress % 250) + 1}`;
}

/** Signs up through POST /api/customer (pending account), without activating. */
export async function signUp(app: FastifyInstance, overrides: SignUpOverrides = {}) {
  const suffix = uniqueSuffix();
  const input = {
    email: overrides.email ?? `user-${suffix}@example.test`,
    password: overrides.password ?? `Passw0rd-${suffix}`,
    username: overrides.username ?? `user_${suffix}`,
    first_name: overrides.firstName ?? 'Test',
    last_name: overrides.lastName ?? 'User',
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/customer',
    payload: input,
    remoteAddress: nextSignUpAddress(),
  });
  if (response.statusCode !== 202) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  // The answer does not say who signed up (it is the same for a taken address): the row does.
  const [row] = await app.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
  if (!row) throw new Error(`sign-up of ${input.email} made no account`);
  const userId = row.id;
  return { userId, email: input.email, password: input.password, username: input.username };
}

/**
 * A signed-in, activated user: signs up, activates with the token of the mailed link, logs in with
 * `return_tokens`. Each call makes a new user (unique email and username unless overridden).
 */
export async function signUpAndLogin(app: FastifyInstance, overrides: SignUpOverrides = {}): Promise<SignedInUser> {
  const user = await signUp(app, overrides);
  const { token } = await latestMailLink(app, user.email, 'activation');
  const activated = await app.inject({ method: 'POST', url: '/api/customer/activate', payload: { token } });
  if (activated.statusCode !== 200) throw new Error(`activation failed: ${activated.statusCode} ${activated.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/customer/login',
    payload: { email: user.email, password: user.password, return_tokens: true },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const tokens = (login.json() as { tokens?: Record<string, string> }).tokens;
  if (!tokens) throw new Error(`login answered no tokens: ${login.body}`);
  return {
    ...user,
    accessToken: tokens.accessToken!,
    refreshToken: tokens.refreshToken!,
    tradingAccessToken: tokens.tradingAccessToken!,
    tradingRefreshToken: tokens.tradingRefreshToken!,
    cookie: cookieHeader(cookiesOf(login)),
    auth: { authorization: `Bearer ${tokens.accessToken}` },
  };
}
