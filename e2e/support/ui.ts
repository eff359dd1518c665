import { expect, type Page } from '@playwright/test';
import type { TestUser } from './users';

/** The signed-in shell is on screen: its account button exists only for a signed-in user. */
export async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /account menu/ })).toBeVisible();
}

/** The sign-in page is on screen (the signed-out landing place). */
export async function expectOnSignIn(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/sign-in(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

/** Fills and sends the email and password step of the sign-in page (already open). */
export async function submitCredentials(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the sign-in page as a person would and waits for the signed-in shell. */
export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.goto('/sign-in');
  await submitCredentials(page, user);
  await expectSignedIn(page);
}

/** Signs out through the account panel of the top bar. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expectOnSignIn(page);
}
