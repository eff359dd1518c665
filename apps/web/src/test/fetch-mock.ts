import { vi } from 'vitest';

export type MockRequest = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers };
export type MockResponse = { status?: number; body?: unknown; delayMs?: number };
type Handler = (req: MockRequest) => MockResponse | Promise<MockResponse>;

/**
 * Replaces `fetch` at the network edge. Routes are 'METHOD /path' (path without the /api prefix);
 * unknown routes answer 404 like the server's not-found handler. Every call is recorded.
 */
export function mockFetch(routes: Record<string, Handler | MockResponse>) {
  const calls: MockRequest[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = await request.clone().text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    const path = url.pathname.replace(/^\/api/, '');
    const req: MockRequest = { method: request.method, path, query: url.searchParams, body, headers: request.headers };
    calls.push(req);
    const route = routes[`${request.method} ${path}`];
    const answer =
      typeof route === 'function'
        ? await route(req)
        : (route ?? { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: `Route ${path} not found` } });
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return {
    calls,
    fn,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export const user = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  status: 'active' as const,
  twoFactorEnabled: false,
  theme: 'dark' as const,
  createdAt: '2024-01-02T03:04:05.000Z',
};

export const SESSION_ID = '00000000-0000-4000-8000-00000000000a';

export function signedInBody(accessExpiresAt = '2999-01-01T00:00:00.000Z') {
  return { status: 'signed_in', user, sessionId: SESSION_ID, accessExpiresAt };
}

export function errorBody(statusCode: number, code: string, message: string, details?: unknown) {
  return { status: statusCode, body: { statusCode, code, message, ...(details ? { details } : {}) } };
}
