import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, createAppHistory } from './app/app-router';
import { AppProviders } from './app/providers';
import { createAppStore } from './app/store';

const store = createAppStore();
const history = createAppHistory();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders store={store}>
      <AppRouter history={history} />
    </AppProviders>
  </StrictMode>,
);
