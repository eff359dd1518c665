import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../../shared/test/render-with-store';
import { mockFetch } from '../../../../test/fetch-mock';
import { ComposerDialog } from './composer-dialog';
import { buildPostBody, emptyComposer, newPoll } from './composer-model';

vi.mock('react-router', async (original) => ({
  ...(await original<typeof import('react-router')>()),
  useNavigate: () => vi.fn(),
}));

const ACCOUNT = '22222222-2222-4222-8222-222222222222';
const POSITION = '33333333-3333-4333-8333-333333333333';
const MEDIA = '44444444-4444-4444-8444-444444444444';

afterEach(() => vi.unstubAllGlobals());

describe('buildPostBody', () => {
  it('refuses an empty post with a sentence', () => {
    const r = buildPostBody(emptyComposer);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.form).toMatch(/Write something/);
  });

  it('needs two filled poll options and a question', () => {
    const r = buildPostBody({ ...emptyComposer, poll: { ...newPoll(), options: ['Up', '  '] } });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors['poll.options']).toBe('The poll needs at least 2 options.');
      expect(r.errors['poll.question']).toBeDefined();
    }
  });

  it('refuses equal options and an out-of-range duration, naming them', () => {
    const r = buildPostBody({
      ...emptyComposer,
      poll: { question: 'Where next?', options: ['Up', 'up'], durationHours: 500 },
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors['poll.options']).toBe('Poll options must all differ.');
      expect(r.errors['poll.duration']).toMatch(/1 to 168/);
    }
  });

  it('builds the snake_case body with every attachment', () => {
    const r = buildPostBody({
      ...emptyComposer,
      content: '  Long $EURUSD  ',
      replyAccess: 'followers',
      poll: { question: 'Where next?', options: ['Up', 'Down', ''], durationHours: 12 },
      media: [{ id: MEDIA, kind: 'image', url: '/m.png', width: 10, height: 10 }],
      gif: { provider: 'local', id: 'rocket', url: '/g.gif', title: 'Rocket' },
      chart: { kind: 'live', chartId: MEDIA, name: 'EURUSD' },
      trade: { accountId: ACCOUNT, positionId: POSITION, label: 'Open buy' },
    });
    expect(r).toEqual({
      ok: true,
      body: {
        content: 'Long $EURUSD',
        visibility: 'public',
        reply_access: 'followers',
        comments_closed: false,
        media_ids: [MEDIA],
        gif: { provider: 'local', id: 'rocket' },
        chart: { kind: 'live', chart_id: MEDIA },
        poll: { question: 'Where next?', options: ['Up', 'Down'], duration_hours: 12 },
        trade: { account_id: ACCOUNT, position_id: POSITION },
      },
    });
  });
});

describe('buildPostBody: the community target', () => {
  const COMMUNITY = '55555555-5555-4555-8555-555555555555';

  it('asks for the community of a community post', () => {
    const r = buildPostBody({ ...emptyComposer, content: 'Hi', visibility: 'community' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.community).toBe('Choose the community to post in.');
  });

  it('sends visibility community with community_id', () => {
    const r = buildPostBody({ ...emptyComposer, content: 'Hi', visibility: 'community', communityId: COMMUNITY });
    expect(r.ok && r.body).toMatchObject({ visibility: 'community', community_id: COMMUNITY });
  });

  it('opens set to a community, lists the joined ones and posts there', async () => {
    const net = mockFetch({
      'GET /community/joined/list': {
        body: {
          items: [
            { id: COMMUNITY, name: 'FX Club', membership: 'member' },
            { id: ACCOUNT, name: 'Gold Bugs', membership: 'member' },
          ],
          page: 1,
          limit: 50,
          total: 2,
        },
      },
      'POST /posts': { status: 201, body: { id: POSITION } },
    });
    renderWithStore(<ComposerDialog open onClose={() => {}} communityId={COMMUNITY} />);
    expect(screen.getByRole('combobox', { name: 'Visibility' })).toHaveTextContent('A community');
    const target = screen.getByRole('combobox', { name: 'Community' });
    await waitFor(() => expect(target).toHaveTextContent('FX Club'));
    await userEvent.click(target);
    await userEvent.click(await screen.findByRole('option', { name: 'Gold Bugs' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'What is your idea?' }), 'Gold up');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(net.callsTo('POST', '/posts')[0]?.body).toMatchObject({
        content: 'Gold up',
        visibility: 'community',
        community_id: ACCOUNT,
      }),
    );
  });
});

describe('ComposerDialog', () => {
  it('shows the error of an empty post and sends nothing', async () => {
    const net = mockFetch({});
    renderWithStore(<ComposerDialog open onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Write something/);
    expect(net.callsTo('POST', '/posts')).toHaveLength(0);
  });

  it('posts text with a poll and closes', async () => {
    const onClose = vi.fn();
    const net = mockFetch({ 'POST /posts': { status: 201, body: { id: POSITION } } });
    renderWithStore(<ComposerDialog open onClose={onClose} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'What is your idea?' }), 'Gold or silver?');
    await userEvent.click(screen.getByRole('tab', { name: 'Poll' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Poll question' }), 'Which one?');
    await userEvent.type(screen.getByRole('textbox', { name: 'Option 1' }), 'Gold');
    await userEvent.type(screen.getByRole('textbox', { name: 'Option 2' }), 'Silver');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(net.callsTo('POST', '/posts')[0]?.body).toMatchObject({
      content: 'Gold or silver?',
      poll: { question: 'Which one?', options: ['Gold', 'Silver'], duration_hours: 24 },
    });
  });

  it('opens the GIF tab on Our favorites', async () => {
    const net = mockFetch({
      'GET /posts/gifs': {
        body: {
          provider: 'local',
          items: [
            {
              id: 'rocket',
              provider: 'local',
              title: 'Rocket',
              url: '/r.gif',
              previewUrl: '/r.gif',
              width: 1,
              height: 1,
            },
          ],
        },
      },
    });
    renderWithStore(<ComposerDialog open onClose={() => {}} />);
    await userEvent.click(screen.getByRole('tab', { name: 'GIF' }));
    expect(screen.getByRole('tab', { name: 'Our favorites' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(await screen.findByRole('button', { name: 'Choose GIF Rocket' }));
    expect(net.callsTo('GET', '/posts/gifs')[0]?.query.get('tab')).toBe('favorites');
    expect(screen.getByRole('button', { name: 'Choose GIF Rocket' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens the chart tab on Active', async () => {
    mockFetch({ 'GET /charts': { body: { charts: [] } } });
    renderWithStore(<ComposerDialog open onClose={() => {}} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Chart' }));
    expect(screen.getByRole('button', { name: 'Active' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('No saved charts.')).toBeInTheDocument();
  });
});
