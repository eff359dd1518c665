import type { PasswordContext } from '@tradedesk/contracts/password-policy';
import { useEffect, useState } from 'react';

type PolicyModule = typeof import('@tradedesk/contracts/password-policy');

let loading: Promise<PolicyModule> | undefined;

/**
 * The password rule the server applies, with its dictionary of common passwords. Loaded on demand, the
 * first time a form to choose a password is shown: the sign-in page never pays for it.
 */
export function loadPasswordPolicy(): Promise<PolicyModule> {
  loading ??= import('@tradedesk/contracts/password-policy').catch((error: unknown) => {
    loading = undefined; // a failed chunk load (offline) may succeed on the next try
    throw error;
  });
  return loading;
}

/**
 * The policy module once loaded, or null meanwhile. Loading starts when `wanted` turns true (someone
 * started typing a password), so a page that only shows the form does not fetch the dictionary.
 */
export function usePasswordPolicy(wanted: boolean): PolicyModule | null {
  const [policy, setPolicy] = useState<PolicyModule | null>(null);
  useEffect(() => {
    if (!wanted || policy) return;
    let live = true;
    loadPasswordPolicy().then(
      (module) => {
        if (live) setPolicy(module);
      },
      () => {
        // The server applies the rule anyway; the meter just stays hidden.
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, policy]);
  return policy;
}

/**
 * Why the rule refuses `password` (the sentence to show on the field), or null. Checked before a form is
 * sent so a weak password never leaves the browser; when the rule cannot be loaded the server decides.
 */
export async function passwordProblem(password: string, context: PasswordContext): Promise<string | null> {
  try {
    return (await loadPasswordPolicy()).checkPasswordPolicy(password, context);
  } catch {
    return null;
  }
}
