import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { errorBody, type MockRequest, mockFetch } from '../../../test/fetch-mock';
import { AgentsPage } from './agents-page';
import type { AiAgent, AiMediaItem, AiToolInfo } from './agents-types';

const NOW = '2026-03-02T10:00:00.000Z';
const MINE = '70000000-0000-4000-8000-000000000001';
const PUBLIC = '70000000-0000-4000-8000-000000000002';
const CREATED = '70000000-0000-4000-8000-000000000003';
const MEDIA = '80000000-0000-4000-8000-000000000001';

function shareOf(isPublic: boolean): AiAgent['share'] {
  return {
    isPublic,
    publicDescription: null,
    allowClone: true,
    showInstructions: false,
    sharedAt: isPublic ? NOW : null,
  };
}

function agent(overrides: Partial<AiAgent>): AiAgent {
  return {
    id: MINE,
    name: 'Trading rules coach',
    description: 'Checks a trade against my rules.',
    instructions: 'Answer from the rules guide.',
    commands: [{ command: 'check', prompt: 'Check my last trade against the rules.' }],
    tools: ['get_prop_status'],
    knowledge: [],
    share: shareOf(false),
    isOwner: true,
    clonedFrom: null,
    pinned: false,
    starred: false,
    ownerName: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

const tools: AiToolInfo[] = [
  { name: 'get_performance', description: 'Figures of the metrics engine.', kind: 'read', parameters: {} },
  { name: 'get_prop_status', description: 'The challenge objectives.', kind: 'read', parameters: {} },
  { name: 'draft_order', description: 'Drafts an order for the ticket.', kind: 'action', parameters: {} },
];

/** A small fake of the agents server: agents change as the calls say. */
function fakeServer() {
  const agents: AiAgent[] = [
    agent({}),
    agent({ id: PUBLIC, name: 'Macro desk', isOwner: false, share: shareOf(true), ownerName: 'Grace', commands: [] }),
  ];
  const find = (id: string) => agents.find((a) => a.id === id);
  const byId = (req: MockRequest) => req.path.split('/')[3] ?? '';
  const routes: Parameters<typeof mockFetch>[0] = {
    'GET /ai/agents': (req) => {
      const scope = req.query.get('scope');
      const search = req.query.get('search')?.toLowerCase();
      let items = agents.filter((a) => (scope === 'public' ? a.share.isPublic && !a.isOwner : a.isOwner));
      if (search) items = items.filter((a) => a.name.toLowerCase().includes(search));
      if (req.query.get('starred') === 'true') items = items.filter((a) => a.starred);
      if (req.query.get('pinned') === 'true') items = items.filter((a) => a.pinned);
      return { body: { agents: items, total: items.length, page: 1, limit: 50 } };
    },
    'POST /ai/agents': (req) => {
      const body = req.body as { name: string; description: string; instructions: string };
      const created = agent({ id: CREATED, ...body, commands: [], tools: null });
      agents.push(created);
      return { status: 201, body: created };
    },
    'GET /ai/tools': { body: { tools } },
  };
  for (const id of [MINE, PUBLIC, CREATED]) {
    const base = `/ai/agents/${id}`;
    routes[`GET ${base}`] = () => {
      const a = find(id);
      return a ? { body: a } : errorBody(404, 'AI_AGENT_NOT_FOUND', 'Agent not found.');
    };
    routes[`PUT ${base}`] = (req) => {
      const a = find(id)!;
      Object.assign(a, req.body);
      return { body: a };
    };
    routes[`DELETE ${base}`] = () => {
      agents.splice(agents.indexOf(find(id)!), 1);
      return { status: 204 };
    };
    for (const action of ['pin', 'unpin', 'star', 'unstar'] as const) {
      routes[`POST ${base}/${action}`] = (req) => {
        const a = find(byId(req))!;
        if (action === 'pin' || action === 'unpin') a.pinned = action === 'pin';
        else a.starred = action === 'star';
        return { body: a };
      };
    }
    routes[`POST ${base}/clone`] = () => {
      const copy = agent({
        ...find(id)!,
        id: CREATED,
        name: `${find(id)!.name} (copy)`,
        isOwner: true,
        share: shareOf(false),
      });
      agents.push(copy);
      return { status: 201, body: copy };
    };
    routes[`PUT ${base}/tools`] = (req) => {
      find(id)!.tools = (req.body as { names: string[] | null }).names;
      return { body: find(id) };
    };
    routes[`PUT ${base}/commands`] = (req) => {
      find(id)!.commands = req.body as AiAgent['commands'];
      return { body: find(id) };
    };
    routes[`PUT ${base}/knowledge`] = (req) => {
      const items = (req.body as { items: { type: 'file' | 'link'; media_id: string }[] }).items;
      find(id)!.knowledge = items.map((i) => ({
        type: i.type,
        mediaId: i.media_id,
        name: 'rules-guide.md',
        mediaType: 'text/markdown',
      }));
      return { body: find(id) };
    };
    routes[`POST ${base}/share`] = () => {
      find(id)!.share = shareOf(true);
      return { body: find(id) };
    };
    routes[`DELETE ${base}/share`] = () => {
      find(id)!.share = shareOf(false);
      return { body: find(id) };
    };
  }
  const media: AiMediaItem = {
    id: MEDIA,
    name: 'rules-guide.md',
    type: 'text/markdown',
    size: 2048,
    lastModified: Date.parse(NOW),
    fileUrl: `/api/ai/media/${MEDIA}/file`,
    kind: 'document',
    sourceUrl: null,
    pages: null,
    textChars: 900,
    chunks: 2,
    embedded: false,
    createdAt: NOW,
  };
  routes['POST /ai/media'] = { status: 201, body: media };
  const net = mockFetch(routes);
  return { net, agents };
}

function Where() {
  const location = useLocation();
  return <output aria-label="Location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string) {
  return renderWithStore(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/ai/agents/:agentId?" element={<AgentsPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const location = () => screen.getByRole('status', { name: 'Location' }).textContent;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the agents list', () => {
  it('lists my agents, then the public ones by their owner, with the scope in the address', async () => {
    const { net } = fakeServer();
    renderAt('/ai/agents');
    const card = await screen.findByRole('article', { name: 'Trading rules coach' });
    expect(within(card).getByText('Checks a trade against my rules.')).toBeInTheDocument();
    expect(within(card).getByText('/check')).toBeInTheDocument();
    expect(net.callsTo('GET', '/ai/agents')[0]?.query.get('scope')).toBe('mine');

    await userEvent.click(screen.getByRole('tab', { name: 'Public agents' }));
    const publicCard = await screen.findByRole('article', { name: 'Macro desk' });
    expect(within(publicCard).getByText('By Grace')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Trading rules coach' })).not.toBeInTheDocument();
    expect(location()).toBe('/ai/agents?scope=public');
  });

  it('searches and filters by starred through the server, keeping the filters in the address', async () => {
    const { net } = fakeServer();
    renderAt('/ai/agents');
    await screen.findByRole('article', { name: 'Trading rules coach' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search agents' }), 'macro');
    await waitFor(() => expect(location()).toBe('/ai/agents?q=macro'));
    expect(await screen.findByText('No agent matches these filters.')).toBeInTheDocument();
    expect(net.calls.some((c) => c.path === '/ai/agents' && c.query.get('search') === 'macro')).toBe(true);

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search agents' }));
    await screen.findByRole('article', { name: 'Trading rules coach' });
    await userEvent.click(screen.getByRole('switch', { name: 'Starred' }));
    await waitFor(() => expect(location()).toBe('/ai/agents?starred=1'));
    expect(await screen.findByText('No agent matches these filters.')).toBeInTheDocument();
  });

  it('stars and pins an agent for me, and the card shows it', async () => {
    const { net } = fakeServer();
    renderAt('/ai/agents');
    const card = await screen.findByRole('article', { name: 'Trading rules coach' });
    await userEvent.click(within(card).getByRole('button', { name: 'Star Trading rules coach' }));
    expect(await within(card).findByRole('button', { name: 'Unstar Trading rules coach' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Pin Trading rules coach' }));
    expect(await within(card).findByRole('button', { name: 'Unpin Trading rules coach' })).toBeInTheDocument();
    expect(net.callsTo('POST', `/ai/agents/${MINE}/star`)).toHaveLength(1);
    expect(net.callsTo('POST', `/ai/agents/${MINE}/pin`)).toHaveLength(1);
  });

  it('deletes an agent only after the confirmation', async () => {
    const { net } = fakeServer();
    renderAt('/ai/agents');
    const card = await screen.findByRole('article', { name: 'Trading rules coach' });
    await userEvent.click(within(card).getByRole('button', { name: 'More actions for Trading rules coach' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Trading rules coach?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(net.callsTo('DELETE', `/ai/agents/${MINE}`)).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(within(card).getByRole('button', { name: 'More actions for Trading rules coach' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Trading rules coach?' })).getByRole('button', {
        name: 'Delete agent',
      }),
    );
    expect(await screen.findByText('You have no agents yet.')).toBeInTheDocument();
    expect(net.callsTo('DELETE', `/ai/agents/${MINE}`)).toHaveLength(1);
  });

  it('clones a public agent into mine and opens the copy; a public agent has no Delete', async () => {
    const { net } = fakeServer();
    renderAt('/ai/agents?scope=public');
    const card = await screen.findByRole('article', { name: 'Macro desk' });
    await userEvent.click(within(card).getByRole('button', { name: 'More actions for Macro desk' }));
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Clone' }));
    await waitFor(() => expect(location()).toBe(`/ai/agents/${CREATED}`));
    expect(net.callsTo('POST', `/ai/agents/${PUBLIC}/clone`)).toHaveLength(1);
    expect(await screen.findByRole('form', { name: 'Edit Macro desk (copy)' })).toBeInTheDocument();
  });

  it('"Chat with agent" opens the assistant with the agent', async () => {
    fakeServer();
    renderAt('/ai/agents');
    const card = await screen.findByRole('article', { name: 'Trading rules coach' });
    await userEvent.click(within(card).getByRole('button', { name: 'Chat with agent' }));
    expect(location()).toBe(`/ai?agent=${MINE}`);
  });
});

describe('the agent editor', () => {
  it('says which field is wrong before sending anything', async () => {
    const { net } = fakeServer();
    renderAt('/ai/agents/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Add command' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Command 1' }), 'risk check');
    await userEvent.click(screen.getByRole('button', { name: 'Create agent' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Command may hold only letters, digits, hyphens and underscores.')).toBeInTheDocument();
    expect(screen.getByText('Prompt is required.')).toBeInTheDocument();
    expect(net.callsTo('POST', '/ai/agents')).toHaveLength(0);
  });

  it('creates an agent with its commands and chosen tools, then opens it for knowledge', async () => {
    const { net } = fakeServer();
    renderAt('/ai/agents/new');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Risk desk');
    await userEvent.type(screen.getByRole('textbox', { name: 'Instructions' }), 'Keep every trade within 1%.');
    await userEvent.click(screen.getByRole('button', { name: 'Add command' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Command 1' }), '/Room');
    await userEvent.type(screen.getByRole('textbox', { name: 'Prompt of command 1' }), 'How much room is left today?');
    // Every tool by default: switching it off ticks the whole registry, then two are unticked.
    const every = await screen.findByRole('switch', { name: 'Every tool of the assistant' });
    await waitFor(() => expect(every).toBeEnabled());
    await userEvent.click(every);
    await userEvent.click(screen.getByRole('checkbox', { name: /draft_order/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /get_performance/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create agent' }));

    await waitFor(() => expect(location()).toBe(`/ai/agents/${CREATED}`));
    expect(net.callsTo('POST', '/ai/agents')[0]?.body).toEqual({
      name: 'Risk desk',
      description: '',
      instructions: 'Keep every trade within 1%.',
    });
    expect(net.callsTo('PUT', `/ai/agents/${CREATED}/commands`)[0]?.body).toEqual([
      { command: 'room', prompt: 'How much room is left today?' },
    ]);
    expect(net.callsTo('PUT', `/ai/agents/${CREATED}/tools`)[0]?.body).toEqual({
      names: ['get_prop_status'],
    });
    expect(await screen.findByRole('region', { name: 'Knowledge' })).toBeInTheDocument();
  });

  it('uploads a document into the agent’s knowledge and lists it', async () => {
    const { net } = fakeServer();
    renderAt(`/ai/agents/${MINE}`);
    await screen.findByRole('form', { name: 'Edit Trading rules coach' });
    const file = new File(['# Rules\nRisk 1% a trade.'], 'rules-guide.md', { type: 'text/markdown', lastModified: 1 });
    fireEvent.change(screen.getByLabelText("Choose documents for the agent's knowledge"), {
      target: { files: [file] },
    });
    const list = await screen.findByRole('list', { name: 'Knowledge items' });
    expect(within(list).getByText('rules-guide.md')).toBeInTheDocument();
    const upload = net.callsTo('POST', '/ai/media')[0];
    expect(String(upload?.body)).toContain('name="lastModified"');
    // (jsdom's File reaches undici's FormData as a plain blob, so the file name is not checked here.)
    expect(String(upload?.body)).toContain('name="file"');
    expect(String(upload?.body)).toContain('Risk 1% a trade.');
    expect(net.callsTo('PUT', `/ai/agents/${MINE}/knowledge`)[0]?.body).toEqual({
      items: [{ type: 'file', media_id: MEDIA }],
    });
  });

  it('refuses a file of a type knowledge does not take, without uploading it', async () => {
    const { net } = fakeServer();
    renderAt(`/ai/agents/${MINE}`);
    await screen.findByRole('form', { name: 'Edit Trading rules coach' });
    fireEvent.change(screen.getByLabelText("Choose documents for the agent's knowledge"), {
      target: { files: [new File(['x'], 'setup.exe')] },
    });
    expect(await screen.findByText(/setup\.exe is not a file this upload takes/)).toBeInTheDocument();
    expect(net.callsTo('POST', '/ai/media')).toHaveLength(0);
  });

  it('makes an agent public and private again', async () => {
    const { net } = fakeServer();
    renderAt(`/ai/agents/${MINE}`);
    const toggle = await screen.findByRole('switch', { name: 'Public: anyone signed in can chat with it' });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(net.callsTo('POST', `/ai/agents/${MINE}/share`)).toHaveLength(1);
    expect(net.callsTo('DELETE', `/ai/agents/${MINE}/share`)).toHaveLength(1);
  });

  it('shows someone else’s public agent read-only, and an unknown id as not found', async () => {
    fakeServer();
    const view = renderAt(`/ai/agents/${PUBLIC}`);
    expect(await screen.findByRole('heading', { name: 'Macro desk' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clone' })).toBeInTheDocument();
    view.unmount();

    renderAt('/ai/agents/70000000-0000-4000-8000-0000000000ff');
    expect(await screen.findByText('This agent does not exist, or it is not shared with you.')).toBeInTheDocument();
  });
});
