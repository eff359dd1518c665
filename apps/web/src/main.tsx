import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, createAppHistory } from './app/app-router';
import { AppProviders } from './app/providers';
import { createAppStore } from './app/store';
import { initialAuthState } from './features/auth/hooks/use-session-bootstrap';

// Zod compiles object parsers with `new Function` where a page allows eval, and finds out by trying one: under
// the Content-Security-Policy (no eval) that try is a reported violation. Zod reads its settings from this
// global (what `z.config()` writes), so the schemas the pages fetch later never try. Zod is not in this chunk:
// this runs before it loads.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const store = createAppStore({ auth: initialAuthState() });
const history = createAppHistory();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders store={store}>
      <AppRouter history={history} />
    </AppProviders>
  </StrictMode>,
);
