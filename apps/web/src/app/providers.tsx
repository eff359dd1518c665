import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
// The system provider is the one MUI's own ThemeProvider renders for a theme without CSS variables (ours);
// importing it directly leaves MUI's CSS-variables provider out of the first load (~3 KB gzipped).
import { ThemeProvider } from '@mui/system';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Provider } from 'react-redux';
import { SessionEffects } from '../features/auth/components/session-effects';
import { PlanGateDialogs } from '../shared/dialogs/plan-gate-dialogs';
import { applyFavicon } from '../shared/theme/favicon';
import { useResolvedMode } from '../shared/theme/use-resolved-mode';
import { GlobalToast } from '../shared/toast/global-toast';
import type { AppStore } from './store';
import { createAppTheme } from './theme';

function ThemedApp(props: { children: ReactNode }) {
  const mode = useResolvedMode();
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  useEffect(() => applyFavicon(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {props.children}
      <GlobalToast />
      <PlanGateDialogs />
    </ThemeProvider>
  );
}

/**
 * The nonce the server put in index.html for this response (`<meta property="csp-nonce">`, see
 * vite.config.ts). The Content-Security-Policy allows inline styles only with it, so MUI's emotion styles
 * carry it. The browser hides the attribute once the policy applies; the `nonce` property keeps it.
 */
export function cspNonce(doc: Document = document): string | undefined {
  return doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
}

let styleCache: EmotionCache | undefined;
function emotionCache(): EmotionCache {
  styleCache ??= createCache({ key: 'css', nonce: cspNonce() });
  return styleCache;
}

/** Store, theme and the app-wide pieces every screen shares (toast, plan dialogs, session upkeep). */
export function AppProviders(props: { store: AppStore; children: ReactNode; withSession?: boolean }) {
  return (
    <CacheProvider value={emotionCache()}>
      <Provider store={props.store}>
        {props.withSession !== false && <SessionEffects />}
        <ThemedApp>{props.children}</ThemedApp>
      </Provider>
    </CacheProvider>
  );
}
