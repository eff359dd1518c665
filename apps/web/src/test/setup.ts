import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first render of a lazy route transforms its modules, which takes seconds on a loaded 2-core machine:
// findBy* and waitFor wait up to 10 s by default instead of testing-library's 1 s.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox, Safari and jsdom
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  });
});
