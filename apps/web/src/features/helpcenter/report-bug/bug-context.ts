/**
 * What the app attaches to a bug report or feedback on its own: its version, the page and the browser.
 * The version is the build's (vite.config.ts: VITE_APP_VERSION, or the build's day and commit), else its mode.
 */
export function appVersion(): string {
  const env = import.meta.env as ImportMetaEnv & { VITE_APP_VERSION?: string; MODE?: string };
  return (env.VITE_APP_VERSION || `web (${env.MODE ?? 'unknown'} build)`).slice(0, 40);
}

export type BugContext = { appVersion: string; page: string; browser: string };

/** The context of a report from `page` (the router's path and query, without the origin). */
export function contextOf(page: string): BugContext {
  return { appVersion: appVersion(), page: page.slice(0, 500), browser: navigator.userAgent.slice(0, 300) };
}

/** The screenshot types and size the server takes. */
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;

/** Why a picked file cannot be sent, as a sentence, or null. */
export function screenshotProblem(file: File): string | null {
  if (!(SCREENSHOT_TYPES as readonly string[]).includes(file.type))
    return 'Screenshot must be a PNG, JPEG or WebP image.';
  if (file.size > SCREENSHOT_MAX_BYTES) return 'Screenshot must be at most 5 MB.';
  return null;
}
