import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderLogo } from './provider-logo';

const LOGO = '/api/market/news/providers/market-wire/logo?v=497790947d466676';
const provider = { id: 'market-wire', name: 'Market Wire' };

/** MUI's Avatar tries the image with `new Image()` first; this one fails to load every address. */
class FailingImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_: string) {
    queueMicrotask(() => this.onerror?.());
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('the provider logo', () => {
  it('shows the logo the server serves from this origin, as a decorative image beside the name', () => {
    render(<ProviderLogo item={{ provider, logos: [LOGO] }} />);
    const logo = screen.getByTestId('provider-logo');
    const img = logo.querySelector('img');
    expect(img?.getAttribute('src')).toBe(LOGO);
    expect(img?.getAttribute('alt')).toBe('');
    expect(logo.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows the initial without a logo, for an address of another origin, and when the image fails', async () => {
    for (const logos of [[], ['https://wire.example.test/logo.png'], ['//wire.example.test/logo.png']]) {
      const { unmount } = render(<ProviderLogo item={{ provider, logos }} />);
      const logo = screen.getByTestId('provider-logo');
      expect(logo.querySelector('img')).toBeNull();
      expect(logo.textContent).toBe('M');
      unmount();
    }
    vi.stubGlobal('Image', FailingImage);
    render(<ProviderLogo item={{ provider, logos: [LOGO] }} />);
    await waitFor(() => expect(screen.getByTestId('provider-logo').querySelector('img')).toBeNull());
    expect(screen.getByTestId('provider-logo').textContent).toBe('M');
  });
});
