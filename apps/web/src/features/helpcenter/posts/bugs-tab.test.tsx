import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockFetch } from '../../../test/fetch-mock';
import { BugsTab } from './bugs-tab';
import { emptyActivity, emptyComments, helpPost, postId, postPage, renderAt } from './posts-test-kit';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('BugsTab', { timeout: 20_000 }, () => {
  it('lists the reports and asks again with the status, sort and search picked', async () => {
    const net = mockFetch({
      'GET /helpcenter/bugs': (req) => ({
        body:
          req.query.get('status') === 'fixed'
            ? postPage([helpPost(2, { title: 'Chart freezes on resize', status: 'fixed' })])
            : postPage([helpPost(1, { title: 'Order ticket shows the wrong lot size', commentCount: 2 })]),
      }),
    });
    renderAt('/help/bugs_report', <BugsTab />);
    const list = await screen.findByRole('list', { name: 'Bug reports' });
    expect(within(list).getByRole('link', { name: 'Order ticket shows the wrong lot size' })).toHaveAttribute(
      'href',
      `/help/bugs_report/${postId(1)}`,
    );
    expect(within(list).getByText('2 comments')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fixed' }));
    expect(await screen.findByRole('link', { name: 'Chart freezes on resize' })).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Most comments' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search bugs' }), { target: { value: 'chart' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(net.callsTo('GET', '/helpcenter/bugs').at(-1)?.query.get('search')).toBe('chart'));
    const last = net.callsTo('GET', '/helpcenter/bugs').at(-1)?.query;
    expect(last?.get('status')).toBe('fixed');
    expect(last?.get('sort')).toBe('comments');
    expect(last?.get('page')).toBe('1');
  });

  it('says when there are no reports', async () => {
    mockFetch({ 'GET /helpcenter/bugs': { body: postPage([]) } });
    renderAt('/help/bugs_report', <BugsTab />);
    expect(await screen.findByText('No bug reports yet.')).toBeInTheDocument();
  });

  it('checks the form, then files the report with the page, version, browser and screenshot', async () => {
    const net = mockFetch({
      'GET /helpcenter/bugs': { body: postPage([]) },
      'POST /helpcenter/bugs/create': { status: 201, body: helpPost(5) },
    });
    renderAt('/help/bugs_report', <BugsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Report a bug' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a bug' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('textbox', { name: /Title/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Title is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required.')).toBeInTheDocument();
    expect(net.callsTo('POST', '/helpcenter/bugs/create')).toHaveLength(0);

    // what is sent along is shown to the user
    expect(within(dialog).getByText('/help/bugs_report')).toBeInTheDocument();
    expect(within(dialog).getByText(navigator.userAgent)).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(/^Screenshot/), {
      target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })] },
    });
    expect(within(dialog).getByText('Screenshot must be a PNG, JPEG or WebP image.')).toBeInTheDocument();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'page.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText(/^Screenshot/), { target: { files: [png] } });
    expect(within(dialog).queryByText('Screenshot must be a PNG, JPEG or WebP image.')).toBeNull();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Title/ }), {
      target: { value: 'Stop loss not saved' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /What happened/ }), {
      target: { value: 'I set a stop loss and it was gone after a reload.' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() => expect(net.callsTo('POST', '/helpcenter/bugs/create')).toHaveLength(1));
    const sent = String(net.callsTo('POST', '/helpcenter/bugs/create')[0]?.body);
    for (const [field, value] of [
      ['title', 'Stop loss not saved'],
      ['description', 'I set a stop loss and it was gone after a reload.'],
      ['page', '/help/bugs_report'],
      ['browser', navigator.userAgent],
    ]) {
      expect(sent).toContain(`name="${field}"\r\n\r\n${value}\r\n`);
    }
    // the build's day and commit (vite.config.ts), or its mode where git is not at hand
    expect(sent).toMatch(/name="appVersion"\r\n\r\n(\d{4}-\d{2}-\d{2} [0-9a-f]{7,}|web \(\w+ build\))\r\n/);
    expect(sent).toContain('name="screenshot"');
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report a bug' })).toBeNull());
  });

  it('shows a report with its details, and deletes it after asking', async () => {
    const bug = helpPost(3, {
      title: 'Alerts fire twice',
      context: { appVersion: '1.2.0', page: '/alerts', browser: 'Firefox 140' },
    });
    const net = mockFetch({
      [`GET /helpcenter/bugs/${bug.id}`]: { body: bug },
      [`GET /helpcenter/bugs/${bug.id}/comments`]: emptyComments,
      [`GET /helpcenter/bugs/${bug.id}/activity`]: emptyActivity,
      [`DELETE /helpcenter/bugs/${bug.id}`]: { status: 204 },
      'GET /helpcenter/bugs': { body: postPage([]) },
    });
    renderAt(`/help/bugs_report/${bug.id}`, <BugsTab itemId={bug.id} />);
    expect(await screen.findByRole('heading', { name: 'Alerts fire twice' })).toBeInTheDocument();
    expect(screen.getByText('Browser: Firefox 140')).toBeInTheDocument();
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete report' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this bug report?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete report' }));
    await vi.waitFor(() => expect(net.callsTo('DELETE', `/helpcenter/bugs/${bug.id}`)).toHaveLength(1));
  });

  it('says when the report does not exist', async () => {
    mockFetch({
      [`GET /helpcenter/bugs/${postId(9)}`]: errorBody(404, 'HELP_POST_NOT_FOUND', 'No bug report has this id.'),
    });
    renderAt(`/help/bugs_report/${postId(9)}`, <BugsTab itemId={postId(9)} />);
    expect(await screen.findByText('This bug report does not exist or was deleted.')).toBeInTheDocument();
  });
});
