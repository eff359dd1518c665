import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockFetch } from '../../../test/fetch-mock';
import {
  emptyActivity,
  emptyComments,
  helpPost,
  nothingSaved,
  postId,
  postPage,
  renderAt,
} from '../../helpcenter/posts/posts-test-kit';
import { BugTriageSection, FeatureTriageSection } from './triage-section';

beforeEach(() => {
  // jsdom lays nothing out: give the table's scrolling area a height, as a browser would.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Staff triage', { timeout: 20_000 }, () => {
  it('lists open bug reports in the data table, oldest first', async () => {
    const net = mockFetch({
      'GET /user-data/v1/store/workspace/table.staff.triage.bug': nothingSaved,
      'GET /helpcenter/bugs': { body: postPage([helpPost(1, { title: 'Chart freezes' })]) },
    });
    renderAt('/staff/bugs', <BugTriageSection />);
    const grid = await screen.findByRole('grid', { name: 'Bug reports' });
    expect(await within(grid).findByText('Chart freezes')).toBeInTheDocument();
    const query = net.callsTo('GET', '/helpcenter/bugs')[0]?.query;
    expect(query?.get('status')).toBe('open');
    expect(query?.get('sort')).toBe('oldest');
  });

  it('changes a bug’s status with a note, and shows the server’s refusal', async () => {
    const bug = helpPost(4, { title: 'Alerts fire twice', status: 'open' });
    let refuse = true;
    const net = mockFetch({
      [`GET /helpcenter/bugs/${bug.id}`]: { body: bug },
      [`GET /helpcenter/bugs/${bug.id}/comments`]: emptyComments,
      [`GET /helpcenter/bugs/${bug.id}/activity`]: emptyActivity,
      [`PUT /staff/helpcenter/bugs/${bug.id}/status`]: () =>
        refuse ? errorBody(403, 'STAFF_ONLY', 'Only staff can do this.') : { body: { ...bug, status: 'confirmed' } },
    });
    renderAt(`/staff/bugs/${bug.id}`, <BugTriageSection itemId={bug.id} />);
    const form = await screen.findByRole('form', { name: 'Change the status' });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'New status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Confirmed' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /Note for the author/ }), {
      target: { value: 'Seen on 1.2.' },
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Set status' }));
    expect(await within(form).findByText('Only staff can do this.')).toBeInTheDocument();
    refuse = false;
    await userEvent.click(within(form).getByRole('button', { name: 'Set status' }));
    await vi.waitFor(() => expect(net.callsTo('PUT', `/staff/helpcenter/bugs/${bug.id}/status`)).toHaveLength(2));
    expect(net.callsTo('PUT', `/staff/helpcenter/bugs/${bug.id}/status`)[1]?.body).toEqual({
      status: 'confirmed',
      note: 'Seen on 1.2.',
    });
  });

  it('merges a duplicate feature request into another', async () => {
    const dup = helpPost(5, { kind: 'feature', status: 'under_review', title: 'Trailing SL' });
    const survivor = helpPost(6, { kind: 'feature', status: 'planned', title: 'Trailing stops' });
    const net = mockFetch({
      [`GET /helpcenter/features/${dup.id}`]: { body: dup },
      [`GET /helpcenter/features/${dup.id}/comments`]: emptyComments,
      [`GET /helpcenter/features/${dup.id}/activity`]: emptyActivity,
      'GET /helpcenter/features': { body: postPage([dup, survivor]) },
      [`POST /staff/helpcenter/features/${dup.id}/merge`]: { body: { ...dup, status: 'merged' } },
    });
    renderAt(`/staff/feature_requests/${dup.id}`, <FeatureTriageSection itemId={dup.id} />);
    const form = await screen.findByRole('form', { name: 'Merge as a duplicate' });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Merge into' }));
    await userEvent.click(await screen.findByRole('option', { name: /Trailing stops/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Merge' }));
    // nothing is merged before the staff member confirms
    const ask = await screen.findByRole('dialog', { name: 'Merge this request?' });
    expect(ask).toHaveTextContent(/closes as a duplicate of “Trailing stops/);
    expect(net.callsTo('POST', `/staff/helpcenter/features/${dup.id}/merge`)).toHaveLength(0);
    await userEvent.click(within(ask).getByRole('button', { name: 'Merge requests' }));
    await vi.waitFor(() =>
      expect(net.callsTo('POST', `/staff/helpcenter/features/${dup.id}/merge`)[0]?.body).toEqual({
        intoId: postId(6),
      }),
    );
  });
});
