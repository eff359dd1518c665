import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AiDeepResearch } from '@tradedesk/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { errorBody, mockFetch } from '../../../test/fetch-mock';
import { validateAgentForm } from './agent-form-model';
import type { AiMediaItem } from './agents-types';
import { MediaLibraryDialog } from './components/media-library-dialog';
import { ResearchProgress } from './research-progress';

afterEach(() => {
  vi.unstubAllGlobals();
});

const RESEARCH_ID = '90000000-0000-4000-8000-000000000001';

function research(overrides: Partial<AiDeepResearch> = {}): AiDeepResearch {
  return {
    id: RESEARCH_ID,
    status: 'running',
    question: 'Is my London breakout still working?',
    plan: [
      { id: 's1', title: 'Performance of the last month', status: 'done' },
      { id: 's2', title: 'Rule compliance of the strategy', status: 'running' },
      { id: 's3', title: 'Look up the playbook notes', status: 'pending' },
    ],
    report: null,
    sources: [],
    startedAt: '2026-03-02T10:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

describe('ResearchProgress', () => {
  it('shows each plan step with its status and cancels a running research on the server', async () => {
    const net = mockFetch({ [`POST /ai/research/${RESEARCH_ID}/cancel`]: { body: research({ status: 'cancelled' }) } });
    const onCancelled = vi.fn();
    renderWithStore(
      <MemoryRouter>
        <ResearchProgress research={research()} onCancelled={onCancelled} />
      </MemoryRouter>,
    );
    const plan = screen.getByRole('list', { name: 'Research plan' });
    expect(
      within(plan)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual([
      'Step 1: Performance of the last month (done)',
      'Step 2: Rule compliance of the strategy (running)',
      'Step 3: Look up the playbook notes (waiting)',
    ]);
    expect(screen.getByText('Researching…: 1 of 3 steps done.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel research' }));
    await waitFor(() => expect(onCancelled).toHaveBeenCalledOnce());
    expect(net.callsTo('POST', `/ai/research/${RESEARCH_ID}/cancel`)).toHaveLength(1);
  });

  it('says so when the cancel fails', async () => {
    mockFetch({
      [`POST /ai/research/${RESEARCH_ID}/cancel`]: errorBody(404, 'AI_RESEARCH_NOT_FOUND', 'Research not found.'),
    });
    renderWithStore(
      <MemoryRouter>
        <ResearchProgress research={research()} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel research' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Research not found.');
  });

  it('ends with the report, its [n] citations linking to the numbered sources, and no Cancel', () => {
    mockFetch({});
    renderWithStore(
      <MemoryRouter>
        <ResearchProgress
          research={research({
            status: 'done',
            plan: research().plan.map((s) => ({ ...s, status: 'done' as const })),
            report: 'Net P/L was 412.50 USD [1]; the guide caps risk at 1% [2].',
            sources: [
              {
                n: 1,
                kind: 'metrics',
                title: 'Metrics, last month',
                excerpt: '23 trades',
                url: '/metrics?period=last_month',
              },
              { n: 2, kind: 'knowledge', title: 'rules-guide.md', excerpt: 'Risk at most 1% a trade.', url: null },
            ],
          })}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: 'Cancel research' })).not.toBeInTheDocument();
    expect(screen.getByText('Research finished: 3 of 3 steps done.')).toBeInTheDocument();
    const report = screen.getByRole('article', { name: 'Research report' });
    expect(within(report).getByRole('link', { name: 'Source 1' })).toHaveAttribute('href', `#${RESEARCH_ID}-source-1`);
    const sources = screen.getByRole('list', { name: 'Research sources' });
    expect(within(sources).getByRole('link', { name: 'Metrics, last month' })).toHaveAttribute(
      'href',
      '/metrics?period=last_month',
    );
    expect(within(sources).getByText('Risk at most 1% a trade.')).toBeInTheDocument();
    expect(document.getElementById(`${RESEARCH_ID}-source-2`)).toHaveTextContent('rules-guide.md');
  });
});

function scan(n: number): AiMediaItem {
  return {
    id: `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `statement-${n}.png`,
    type: 'image/png',
    size: 50_000,
    lastModified: Date.parse('2026-03-01T00:00:00.000Z'),
    fileUrl: `/api/ai/media/${n}/file`,
    kind: 'scanned',
    sourceUrl: null,
    pages: null,
    textChars: 120,
    chunks: 1,
    embedded: false,
    createdAt: '2026-03-01T00:00:00.000Z',
  };
}

describe('MediaLibraryDialog', () => {
  it('lists scanned images page 1 of 10 at a time and pages on', async () => {
    const all = Array.from({ length: 13 }, (_v, i) => scan(i + 1));
    const net = mockFetch({
      'GET /ai/media': (req) => {
        const page = Number(req.query.get('page'));
        const limit = Number(req.query.get('limit'));
        const kind = req.query.get('kind');
        const items = kind === 'scanned' ? all.slice((page - 1) * limit, page * limit) : [];
        return { body: { items, total: kind === 'scanned' ? all.length : 0, page, limit } };
      },
    });
    renderWithStore(<MediaLibraryDialog open onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Scanned images' }));
    const list = await screen.findByRole('list', { name: 'Scanned images' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const first = net.calls.find((c) => c.query.get('kind') === 'scanned');
    expect(first?.query.get('page')).toBe('1');
    expect(first?.query.get('limit')).toBe('10');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('statement-13.png')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('uploads a scanned image as kind=scanned, and hands back the files picked', async () => {
    const picked = vi.fn();
    let stored: AiMediaItem[] = [];
    const net = mockFetch({
      'GET /ai/media': () => ({ body: { items: stored, total: stored.length, page: 1, limit: 10 } }),
      'POST /ai/media': () => {
        stored = [scan(1)];
        return { status: 201, body: scan(1) };
      },
    });
    renderWithStore(<MediaLibraryDialog open initialKind="scanned" onClose={() => {}} onPick={picked} />);
    expect(await screen.findByText('No scanned images yet.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Choose scanned images to upload'), {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'statement-1.png', { type: 'image/png' })] },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select statement-1.png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add selected (1)' }));
    expect(picked).toHaveBeenCalledWith([scan(1)]);
    const body = String(net.callsTo('POST', '/ai/media')[0]?.body);
    expect(body).toMatch(/name="kind"\r\n\r\nscanned/);
  });

  it('refuses a document in the images tab before uploading', async () => {
    const net = mockFetch({ 'GET /ai/media': { body: { items: [], total: 0, page: 1, limit: 10 } } });
    renderWithStore(<MediaLibraryDialog open initialKind="image" onClose={() => {}} />);
    await screen.findByText('No images yet.');
    fireEvent.change(screen.getByLabelText('Choose images to upload'), {
      target: { files: [new File(['a,b'], 'trades.csv')] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'trades.csv is not a file this upload takes: choose PNG, JPEG or WebP.',
    );
    expect(net.callsTo('POST', '/ai/media')).toHaveLength(0);
  });
});

describe('validateAgentForm', () => {
  const base = { name: 'Coach', description: '', instructions: '', commands: [], toolNames: null };
  it.each([
    ['a blank name', { name: '  ' }, { name: 'Name is required.' }],
    ['a long name', { name: 'x'.repeat(101) }, { name: 'Name must be at most 100 characters.' }],
    [
      'the same command twice, whatever its slash and case',
      {
        commands: [
          { command: '/check', prompt: 'a' },
          { command: 'Check', prompt: 'b' },
        ],
      },
      { commands: { 1: { command: 'Command /check is already in the list.' } } },
    ],
    [
      'a command without prompt',
      { commands: [{ command: 'go', prompt: ' ' }] },
      { commands: { 0: { prompt: 'Prompt is required.' } } },
    ],
    ['a valid agent', { commands: [{ command: 'room-left_today', prompt: 'How much room?' }] }, {}],
  ])('%s', (_name, patch, expected) => {
    expect(validateAgentForm({ ...base, ...patch })).toEqual(expected);
  });
});
