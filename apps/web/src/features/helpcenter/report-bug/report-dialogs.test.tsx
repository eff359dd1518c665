import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockFetch, user } from '../../../test/fetch-mock';
import { AccountMenu } from '../../shell/components/account-menu';
import { Sidebar } from '../../shell/components/sidebar';
import { helpPost, renderAt } from '../posts/posts-test-kit';

const capture = vi.hoisted(() => ({ fail: false }));
vi.mock('./capture-page', () => ({
  capturePage: async (pathname: string) => {
    if (capture.fail) throw new Error('no canvas here');
    return new File([new Uint8Array([137, 80, 78, 71])], `page${pathname.replaceAll('/', '-')}.png`, {
      type: 'image/png',
    });
  },
}));

afterEach(() => {
  capture.fail = false;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderMenu() {
  return renderAt(
    '/chart?symbol=EURUSD',
    <AccountMenu
      user={user}
      onShowShortcuts={() => {}}
      syncTheme={false}
      onSyncTheme={() => {}}
      onSignOut={() => {}}
    />,
  );
}

async function openFromMenu(item: string) {
  await userEvent.click(screen.getByRole('button', { name: /account menu/ }));
  await userEvent.click(screen.getByRole('menuitem', { name: item }));
}

describe('Report a bug and Send feedback (account menu)', { timeout: 20_000 }, () => {
  it('sends the in-app bug report to /v1/bug with the page the user was on', async () => {
    const net = mockFetch({ 'POST /v1/bug': { status: 201, body: helpPost(1) } });
    renderMenu();
    await openFromMenu('Report a bug');
    const dialog = await screen.findByRole('dialog', { name: 'Report a bug' });
    expect(within(dialog).getByText('/chart?symbol=EURUSD')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Title/ }), { target: { value: 'Chart blank' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /What happened/ }), {
      target: { value: 'The chart stays blank after switching symbols.' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() => expect(net.callsTo('POST', '/v1/bug')).toHaveLength(1));
    const sent = String(net.callsTo('POST', '/v1/bug')[0]?.body);
    expect(sent).toContain('name="page"\r\n\r\n/chart?symbol=EURUSD\r\n');
    expect(sent).toContain(`name="browser"\r\n\r\n${navigator.userAgent}\r\n`);
    expect(sent).toContain('name="appVersion"');
    expect(sent).not.toContain('name="screenshot"');
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report a bug' })).toBeNull());
  });

  it('sends feedback with its rating, and puts the server’s sentence on the field', async () => {
    let refuse = true;
    const net = mockFetch({
      'POST /v1/feedback': () =>
        refuse
          ? errorBody(400, 'VALIDATION_FAILED', 'Feedback must be at most 5000 characters.', {
              fields: [{ field: 'message', message: 'Feedback must be at most 5000 characters.' }],
            })
          : { status: 201, body: { ok: true } },
    });
    renderMenu();
    await openFromMenu('Send feedback');
    const dialog = await screen.findByRole('dialog', { name: 'Send feedback' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(within(dialog).getByText('Feedback is required.')).toBeInTheDocument();
    expect(net.callsTo('POST', '/v1/feedback')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Your feedback/ }), {
      target: { value: 'Love the journal.' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 Stars' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(await within(dialog).findByText('Feedback must be at most 5000 characters.')).toBeInTheDocument();
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send feedback' })).toBeNull());
    expect(net.callsTo('POST', '/v1/feedback')[1]?.body).toMatchObject({
      message: 'Love the journal.',
      rating: 4,
      page: '/chart?symbol=EURUSD',
      browser: navigator.userAgent,
    });
  });
});

describe('Report a bug in the main navigation', { timeout: 20_000 }, () => {
  it('opens the report over the page it was pressed on, with that page attached', async () => {
    mockFetch({});
    renderAt('/metrics?tab=overview', <Sidebar items={[]} />);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Report a bug' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a bug' });
    expect(within(dialog).getByText('/metrics?tab=overview')).toBeInTheDocument();
  });

  it('captures the page behind the dialog, shows it, and sends it as the screenshot', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
    const net = mockFetch({ 'POST /v1/bug': { status: 201, body: helpPost(1) } });
    renderAt('/metrics?tab=overview', <Sidebar items={[]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Report a bug' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a bug' });

    capture.fail = true;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Capture this page' }));
    expect(
      await within(dialog).findByText('The page could not be captured. Attach a screenshot file instead.'),
    ).toBeInTheDocument();

    capture.fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Capture this page' }));
    expect(await within(dialog).findByText('page-metrics.png')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Screenshot to be sent' })).toHaveAttribute('src', 'blob:preview');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Title/ }), { target: { value: 'Bars missing' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /What happened/ }), {
      target: { value: 'The metrics bars are missing on Mondays.' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() => expect(net.callsTo('POST', '/v1/bug')).toHaveLength(1));
    // (jsdom's File reaches the mock's FormData as a Blob, so its name is not in the body here; e2e checks it)
    const sent = String(net.callsTo('POST', '/v1/bug')[0]?.body);
    expect(sent).toMatch(/name="screenshot"; filename="[^"]+"\r\nContent-Type: image\/png\r\n\r\n\uFFFDPNG/);
  });
});
