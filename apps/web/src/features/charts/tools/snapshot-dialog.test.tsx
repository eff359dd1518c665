import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { legendLines } from './snapshot';
import { SnapshotDialog } from './snapshot-dialog';
import { snapshotFileName } from './snapshot-name';

const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });

function open(capture = vi.fn(async () => png)) {
  renderWithStore(
    <SnapshotDialog open onClose={() => {}} capture={capture} fileName="EURUSD-15m.png" title="EURUSD, 15 minutes" />,
  );
  return capture;
}

describe('snapshot', () => {
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:snap', revokeObjectURL: () => {} }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the picture with Download as a PNG file, and copies it to the clipboard', async () => {
    const write = vi.fn(async () => {});
    vi.stubGlobal(
      'ClipboardItem',
      class {
        constructor(readonly items: Record<string, Blob>) {}
      },
    );
    Object.defineProperty(navigator, 'clipboard', { value: { write }, configurable: true });
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Snapshot' });
    expect(
      await within(dialog).findByRole('img', { name: 'Snapshot of the EURUSD, 15 minutes chart' }),
    ).toHaveAttribute('src', 'blob:snap');
    const download = within(dialog).getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('download', 'EURUSD-15m.png');
    expect(download).toHaveAttribute('href', 'blob:snap');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy to clipboard' }));
    expect(await within(dialog).findByText('The snapshot is on the clipboard.')).toBeInTheDocument();
    expect((write.mock.calls[0] as unknown as [{ items: Record<string, Blob> }[]])[0][0]!.items).toEqual({
      'image/png': png,
    });
  });

  it('says so when the browser refuses the clipboard, and when the picture cannot be taken', async () => {
    const refused = vi.fn(async () => {
      throw new DOMException('Denied', 'NotAllowedError');
    });
    vi.stubGlobal('ClipboardItem', class {});
    Object.defineProperty(navigator, 'clipboard', { value: { write: refused }, configurable: true });
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Snapshot' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Copy to clipboard' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy to clipboard' }));
    expect(
      await within(dialog).findByText(/did not allow copying to the clipboard \(permission refused\)/),
    ).toBeInTheDocument();
  });

  it('offers a retry when taking the picture fails', async () => {
    const capture = vi.fn().mockRejectedValueOnce(new Error('Canvas lost.')).mockResolvedValue(png);
    open(capture);
    const dialog = await screen.findByRole('dialog', { name: 'Snapshot' });
    expect(await within(dialog).findByText('Canvas lost.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /Try again/ }));
    expect(await within(dialog).findByRole('img')).toBeInTheDocument();
  });

  it('reads the legend as shown: the price line, then one line per indicator, without buttons', () => {
    // The app behind an open dialog is aria-hidden: the legend is read all the same.
    document.body.innerHTML = `<section aria-hidden="true">
      <div role="group" aria-label="Legend"><span style="font-weight:600">EURUSD · 15 minutes</span>
        <span><span>O</span><span style="color: rgb(0, 223, 128)">1.10000</span></span>
        <span>+<!-- -->0.00010<!-- --> (<!-- -->+<!-- -->0.01%)</span></div>
      <div role="list" aria-label="Indicators"><div role="listitem"><span>RSI 14</span><span>55.20</span>
        <button>Hide RSI</button></div></div></section>`;
    const lines = legendLines(document.querySelector('section')!);
    expect(lines.map((l) => l.map((r) => r.text))).toEqual([
      ['EURUSD · 15 minutes', 'O', '1.10000', '+0.00010 (+0.01%)'],
      ['RSI 14', '55.20'],
    ]);
    expect(lines[0]![0]!.bold).toBe(true);
    expect(lines[0]![2]!.color).toBe('rgb(0, 223, 128)');
    expect(snapshotFileName('EURUSD', '15m', new Date(2025, 10, 20, 14, 5))).toBe('EURUSD-15m-2025-11-20-1405.png');
  });
});
