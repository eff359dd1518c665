/** The spec's API hosts. Each can be pointed elsewhere at build time; all default to the same-origin `/api`. */
export type ApiHost = 'main' | 'trading' | 'ai' | 'userData';

const configured: Record<ApiHost, string | undefined> = {
  main: import.meta.env.VITE_API_URL,
  trading: import.meta.env.VITE_TRADING_API_URL,
  ai: import.meta.env.VITE_AI_API_URL,
  userData: import.meta.env.VITE_USER_DATA_API_URL,
};

/** Absolute base URL of a host (relative ones resolve against the page, so `fetch` accepts them everywhere). */
export function hostUrl(host: ApiHost): string {
  const base = configured[host] || '/api';
  return new URL(base, window.location.origin).href.replace(/\/+$/, '');
}
