import { createTheme, ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormatPreferencesProvider, useFormatters } from './format-preferences';
import { pnlPalette } from './pnl';
import { PnlText } from './pnl-text';

function colourOf(text: string): string {
  return getComputedStyle(screen.getByText(text)).color;
}
const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
};

describe('PnlText and useFormatters', () => {
  it('shows profit and loss with their sign in the user’s colours, reversed under red-up', () => {
    const dark = createTheme({ palette: { mode: 'dark' } });
    const view = render(
      <ThemeProvider theme={dark}>
        <FormatPreferencesProvider value={{ locale: 'en-US' }}>
          <PnlText value={12.5} currency="USD" />
          <PnlText value={-3} currency="USD" />
          <PnlText value={0} currency="USD" />
        </FormatPreferencesProvider>
      </ThemeProvider>,
    );
    expect(colourOf('+$12.50')).toBe(rgb(pnlPalette.dark.green));
    expect(colourOf('-$3.00')).toBe(rgb(pnlPalette.dark.red));
    expect(colourOf('$0.00')).toBe(rgb(pnlPalette.dark.flat));

    view.rerender(
      <ThemeProvider theme={createTheme({ palette: { mode: 'light' } })}>
        <FormatPreferencesProvider value={{ locale: 'en-US', pnlColors: 'red-up' }}>
          <PnlText value={12.5} currency="USD" />
          <PnlText value={-3} currency="USD" />
        </FormatPreferencesProvider>
      </ThemeProvider>,
    );
    expect(colourOf('+$12.50')).toBe(rgb(pnlPalette.light.red));
    expect(colourOf('-$3.00')).toBe(rgb(pnlPalette.light.green));
  });

  it('binds times to the preferences, an inner provider overriding only what it sets', () => {
    function Time() {
      const f = useFormatters();
      return <span>{f.dateTime('2026-03-02T14:05:00Z')}</span>;
    }
    render(
      <FormatPreferencesProvider value={{ locale: 'en-US', timeZone: 'America/New_York', timeFormat: '12h' }}>
        <Time />
        <FormatPreferencesProvider value={{ timeFormat: '24h' }}>
          <Time />
        </FormatPreferencesProvider>
      </FormatPreferencesProvider>,
    );
    expect(screen.getByText('Mar 2, 2026, 9:05 AM')).toBeInTheDocument();
    expect(screen.getByText('Mar 2, 2026, 09:05')).toBeInTheDocument();
  });

  it('uses the account defaults (UTC, 24-hour) without a provider', () => {
    function Time() {
      return <span>{useFormatters().time('2026-03-02T00:05:00Z')}</span>;
    }
    render(<Time />);
    expect(screen.getByText('00:05')).toBeInTheDocument();
  });
});
