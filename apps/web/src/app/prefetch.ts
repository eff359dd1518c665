import { createContext, useContext } from 'react';

/**
 * Lets a guard fetch the route modules of an address ahead of navigating there (the router provides it;
 * outside the app's router it does nothing). The sign-in page uses it so the signed-in shell is in the
 * browser by the time the password is sent.
 */
export const PrefetchContext = createContext<(path: string) => void>(() => {});

export function usePrefetch(): (path: string) => void {
  return useContext(PrefetchContext);
}
