import { authCookieNames } from '@tradedesk/contracts';

/** The non-HttpOnly marker the server sets beside the session cookies: its presence means "try verify". */
export function hasSignedInCookie(cookie: string = document.cookie): boolean {
  return cookie.split(';').some((part) => part.trim().startsWith(`${authCookieNames.signedIn}=`));
}

/** The HttpOnly cookies can only be cleared by the server; the readable marker is cleared here too. */
export function clearSignedInCookie(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox, Safari and jsdom
  document.cookie = `${authCookieNames.signedIn}=; Max-Age=0; path=/`;
}
