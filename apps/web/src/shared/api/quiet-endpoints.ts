/**
 * Endpoints whose callers show their own errors (forms put them on the field). The global error
 * listener does not toast their failures, but still applies the plan-gating rules of spec section 8.
 */
const quiet = new Set<string>();

export function markQuietEndpoints(...names: string[]): void {
  for (const name of names) quiet.add(name);
}

export function isQuietEndpoint(name: string | undefined): boolean {
  return name !== undefined && quiet.has(name);
}
