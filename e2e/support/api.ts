import { type APIRequestContext, expect } from '@playwright/test';
import type { TestUser } from './users';

export type Mail = { id: string; to: string; subject: string; text: string; links: string[]; createdAt: string };

/** The outbox mails sent to `email`, newest first (GET /api/dev/mailbox, served when no SMTP is configured). */
export async function mailsTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const response = await request.get('/api/dev/mailbox', { params: { to: email } });
  expect(response.status(), 'GET /api/dev/mailbox').toBe(200);
  const body = (await response.json()) as { mails: Mail[] };
  return body.mails;
}

/** The token of the newest link to `path` (e.g. '/activate') mailed to `email`. */
export async function mailedToken(request: APIRequestContext, email: string, path: string): Promise<string> {
  const links = (await mailsTo(request, email)).flatMap((m) => m.links);
  const link = links.map((l) => new URL(l)).find((u) => u.pathname === path);
  const token = link?.searchParams.get('token');
  if (!token) throw new Error(`no ${path} link was mailed to ${email}`);
  return token;
}

/** POST /api/customer with `user`'s details: its answer, unchecked. */
function postSignUp(request: APIRequestContext, user: TestUser) {
  return request.post('/api/customer', {
    data: {
      email: user.email,
      password: user.password,
      username: user.username,
      first_name: user.firstName,
      last_name: user.lastName,
    },
  });
}

/** Creates the pending account of `user` (POST /api/customer); its activation link goes to the outbox. */
export async function signUpViaApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await postSignUp(request, user);
  // 202 whether or not the address was new: the answer does not tell who has an account.
  expect(response.status(), `sign-up of ${user.email}: ${await response.text()}`).toBe(202);
}

/**
 * Signs `user` up and activates the account through the API, the way the UI flow does (that flow has a
 * spec of its own), so the other specs start from a ready account.
 */
export async function createActivatedUser(request: APIRequestContext, user: TestUser): Promise<void> {
  await signUpViaApi(request, user);
  const token = await mailedToken(request, user.email, '/activate');
  const activate = await request.post('/api/customer/activate', { data: { token } });
  expect(activate.ok(), `activation of ${user.email}: ${await activate.text()}`).toBe(true);
}

/**
 * Makes a staff account (its address must be in the server's STAFF_EMAILS, e2e/playwright.config.ts) once per
 * database: a retry or a second test finds it made (its username is then taken: 409) and uses it.
 */
export async function ensureStaffAccount(request: APIRequestContext, staff: TestUser): Promise<void> {
  const response = await postSignUp(request, staff);
  if (response.status() === 409) return;
  expect(response.status(), `sign-up of ${staff.email}: ${await response.text()}`).toBe(202);
  const token = await mailedToken(request, staff.email, '/activate');
  await request.post('/api/customer/activate', { data: { token } });
}
