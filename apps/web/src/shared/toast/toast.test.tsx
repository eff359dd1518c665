import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createAppStore } from '../../app/store';
import { registerAddToFolderDialog } from './add-to-folder';
import { TOAST_WIDTH_PX } from './global-toast';
import { toast } from './toast';
import { toastVariants } from './toast-slice';

function renderToastHost() {
  const store = createAppStore();
  render(
    <AppProviders store={store} withSession={false}>
      <div />
    </AppProviders>,
  );
  return store;
}

function toastElement(): HTMLElement {
  const el = document.querySelector<HTMLElement>('[data-variant]');
  if (!el) throw new Error('no toast on screen');
  return el;
}

describe('global toast (spec section 2)', () => {
  // The toast's look is a lazy chunk; fetch it once so every test below sees the toast in the same tick.
  beforeAll(async () => {
    const { unmount } = render(
      <AppProviders store={createAppStore()} withSession={false}>
        <div />
      </AppProviders>,
    );
    act(() => void toast.show({ message: 'warming up' }));
    await screen.findByText('warming up');
    unmount();
  });

  beforeEach(() => {
    renderToastHost();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is raised from outside React with toast.show and shows title and message', () => {
    act(() => void toast.show({ title: 'Saved', message: 'Your changes are stored' }));
    const el = screen.getByRole('status', { name: 'Saved' });
    expect(el).toHaveTextContent('Saved');
    expect(el).toHaveTextContent('Your changes are stored');
  });

  it('sits at the bottom, centred by default, 346 px wide', () => {
    act(() => void toast.show({ message: 'Hello' }));
    const el = toastElement();
    expect(TOAST_WIDTH_PX).toBe(346);
    expect(el).toHaveAttribute('data-position', 'center');
    const style = getComputedStyle(el);
    expect(style.position).toBe('fixed');
    expect(style.bottom).toBe('24px');
    expect(style.width).toBe('346px');
    expect(style.left).toBe('50%');
    expect(style.transform).toBe('translateX(-50%)');
  });

  it('can be placed at the left instead of the centre', () => {
    act(() => void toast.show({ message: 'Hello', position: 'left' }));
    expect(toastElement()).toHaveAttribute('data-position', 'left');
    expect(getComputedStyle(toastElement()).transform).not.toBe('translateX(-50%)');
  });

  it('is hidden when title and message are both blank', () => {
    act(() => void toast.show({ title: '  ', message: '' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void toast.show({ title: '', message: 'x' }));
    expect(screen.getByRole('status')).toHaveTextContent('x');
  });

  it.each(toastVariants)('renders the %s variant', (variant) => {
    act(() => void toast.show({ variant, message: `a ${variant} toast` }));
    const el = screen.getByText(`a ${variant} toast`).closest('[data-variant]');
    expect(el).toHaveAttribute('data-variant', variant);
  });

  it('shows an optional action button that runs its handler and closes the toast', async () => {
    const onClick = vi.fn();
    act(() => void toast.show({ message: 'Deleted', action: { label: 'Undo', onClick } }));
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Deleted')).toBeNull();
  });

  it('has no action button unless one is given', () => {
    act(() => void toast.show({ message: 'Plain' }));
    // Only the dismiss button, which every toast has.
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Dismiss notification']);
  });

  it('shows an optional Learn more link', () => {
    act(() => void toast.show({ message: 'New feature', learnMoreUrl: 'https://example.com/docs' }));
    expect(screen.getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', 'https://example.com/docs');
  });

  it('shows optional countdown text', () => {
    act(() => void toast.show({ message: 'Closing position', countdown: 'Closing in 5 s' }));
    expect(screen.getByText('Closing in 5 s')).toBeInTheDocument();
  });

  it('shows the close icon only in undo mode, and it closes the toast', async () => {
    act(() => void toast.show({ message: 'Not undoable' }));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    act(() => void toast.show({ message: 'Undoable', undo: true, action: { label: 'Undo' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Undoable')).toBeNull();
  });

  it("'Add to Folder' closes the toast and opens the registered add-to-folder dialog", async () => {
    const open = vi.fn();
    const unregister = registerAddToFolderDialog(open);
    const onClick = vi.fn();
    act(() => void toast.show({ message: 'Chat saved', action: { label: 'Add to Folder', onClick } }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to Folder' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Chat saved')).toBeNull();
    unregister();
  });

  it("'Add to Folder' with no dialog registered still closes the toast", async () => {
    act(() => void toast.show({ message: 'Chat saved', action: { label: 'Add to Folder' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to Folder' }));
    expect(screen.queryByText('Chat saved')).toBeNull();
  });

  it('shows an object message as JSON text', () => {
    act(() => void toast.show({ message: { field: 'email', why: 'taken' } }));
    expect(screen.getByText('{"field":"email","why":"taken"}')).toBeInTheDocument();
  });

  it("shows 'An error occurred' for a message that cannot be made into text", () => {
    const circular: Record<string, unknown> = { a: 1 };
    circular.self = circular;
    act(() => void toast.show({ message: circular }));
    expect(screen.getByText('An error occurred')).toBeInTheDocument();
  });

  it('hides itself after its duration', () => {
    vi.useFakeTimers();
    act(() => void toast.show({ message: 'Brief', durationMs: 1000 }));
    expect(screen.getByText('Brief')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1001));
    expect(screen.queryByText('Brief')).toBeNull();
  });

  it('every variant has its own icon and colour and a way to dismiss it', async () => {
    const seen = new Set<string>();
    for (const variant of toastVariants) {
      act(() => void toast.show({ variant, title: variant, message: 'Text' }));
      const el = toastElement();
      expect(el).toHaveAttribute('data-variant', variant);
      const icon = el.querySelector('svg[data-testid]');
      expect(icon).not.toBeNull();
      seen.add(`${icon?.getAttribute('data-testid')} ${getComputedStyle(el).backgroundColor}`);
    }
    // success/successv2 and info/infov2 share an icon but not a look.
    expect(seen.size).toBe(toastVariants.length);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(document.querySelector('[data-variant]')).toBeNull();
  });

  it('announces errors as alerts', () => {
    act(() => void toast.error('Broken'));
    expect(screen.getByRole('alert')).toHaveTextContent('Broken');
  });
});
