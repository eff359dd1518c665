import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { errorBody, mockFetch } from '../../../test/fetch-mock';
import { AiModelSettings } from './ai-model-settings';
import type { AiModelInfo, AiUserModelSetting } from './ai-settings-types';

afterEach(() => {
  vi.unstubAllGlobals();
});

const builtIn: AiModelInfo = {
  id: 'built-in-analyst',
  label: 'Built-in analyst',
  kind: 'built_in',
  builtIn: true,
  model: null,
  host: null,
  embeddings: false,
  active: true,
};

const settingOf = (patch: Partial<AiUserModelSetting>): AiUserModelSetting => ({
  allowed: true,
  configured: false,
  baseUrl: null,
  model: null,
  embeddingModel: null,
  keyHint: null,
  updatedAt: null,
  ...patch,
});

const noEmbeddings = { model: null, files: 0, current: 0, stale: 0 };

function server(setting: AiUserModelSetting | 'forbidden', extra: Parameters<typeof mockFetch>[0] = {}) {
  let current = setting;
  return mockFetch({
    'GET /ai/media/embeddings': { body: noEmbeddings },
    ...extra,
    'GET /ai/models': () => ({
      body: {
        models:
          current !== 'forbidden' && current.configured
            ? [
                { ...builtIn, active: false },
                {
                  ...builtIn,
                  id: `user:${current.model}`,
                  label: current.model ?? '',
                  kind: 'user',
                  builtIn: false,
                  model: current.model,
                  host: '127.0.0.1',
                  active: true,
                },
              ]
            : [builtIn],
        activeId: current !== 'forbidden' && current.configured ? `user:${current.model}` : builtIn.id,
        userKeysAllowed: current !== 'forbidden',
      },
    }),
    'GET /ai/settings/model': () =>
      current === 'forbidden'
        ? errorBody(403, 'AI_USER_KEYS_DISABLED', 'Own model keys are not allowed here.')
        : { body: current },
    'PUT /ai/settings/model': (req) => {
      const body = req.body as { base_url: string; api_key: string; model: string };
      if (body.base_url.includes('bad')) {
        return errorBody(400, 'VALIDATION_FAILED', 'base_url: the address could not be reached.', {
          fields: [{ field: 'base_url', message: 'Base URL could not be reached.' }],
        });
      }
      current = settingOf({ configured: true, baseUrl: body.base_url, model: body.model, keyHint: '…1234' });
      return { body: current };
    },
    'DELETE /ai/settings/model': () => {
      current = settingOf({});
      return { status: 204 };
    },
  });
}

const empty: AiUserModelSetting = settingOf({});

describe('AI model settings', () => {
  it('lists the built-in analyst, labelled as such, and says plainly when own keys are not allowed', async () => {
    server('forbidden');
    renderWithStore(<AiModelSettings />);
    const models = await screen.findByRole('list', { name: 'Models' });
    expect(within(models).getByText('Built-in analyst')).toBeInTheDocument();
    expect(within(models).getByText('Offline', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(within(models).getByText(/Not a language model/)).toBeInTheDocument();
    expect(await screen.findByText(/does not let users bring their own model key/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Your own model' })).not.toBeInTheDocument();
  });

  it('checks the fields, saves the own model in snake_case, and never shows the key again', async () => {
    const net = server(empty);
    renderWithStore(<AiModelSettings />);
    const form = await screen.findByRole('form', { name: 'Your own model' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save model' }));
    expect(within(form).getByText('Base URL is required.')).toBeInTheDocument();
    expect(within(form).getByText('API key is required.')).toBeInTheDocument();
    expect(within(form).getByText('Model is required.')).toBeInTheDocument();
    expect(net.callsTo('PUT', '/ai/settings/model')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Base URL'), 'http://127.0.0.1:11434/v1');
    await userEvent.type(within(form).getByLabelText('API key'), 'sk-local-123');
    await userEvent.type(within(form).getByLabelText('Model'), 'llama3');
    await userEvent.click(within(form).getByRole('button', { name: 'Save model' }));

    await waitFor(() =>
      expect(net.callsTo('PUT', '/ai/settings/model')[0]?.body).toEqual({
        base_url: 'http://127.0.0.1:11434/v1',
        api_key: 'sk-local-123',
        model: 'llama3',
      }),
    );
    expect(await screen.findByText('In use')).toBeInTheDocument();
    expect(within(form).getByLabelText('API key')).toHaveValue('');
    expect(within(form).getByText(/A key ending …1234 is saved/)).toBeInTheDocument();
  });

  it('puts the server’s per-field message under the field', async () => {
    server(empty);
    renderWithStore(<AiModelSettings />);
    const form = await screen.findByRole('form', { name: 'Your own model' });
    await userEvent.type(within(form).getByLabelText('Base URL'), 'http://bad.example/v1');
    await userEvent.type(within(form).getByLabelText('API key'), 'k');
    await userEvent.type(within(form).getByLabelText('Model'), 'm');
    await userEvent.click(within(form).getByRole('button', { name: 'Save model' }));
    expect(await within(form).findByText('Base URL could not be reached.')).toBeInTheDocument();
  });

  it('removes the own model, back to the built-in analyst', async () => {
    const net = server(
      settingOf({ configured: true, baseUrl: 'http://127.0.0.1:1/v1', model: 'llama3', keyHint: '…abcd' }),
    );
    renderWithStore(<AiModelSettings />);
    const form = await screen.findByRole('form', { name: 'Your own model' });
    expect(within(form).getByLabelText('Model')).toHaveValue('llama3');
    await userEvent.click(within(form).getByRole('button', { name: 'Remove my model' }));
    await waitFor(() => expect(net.callsTo('DELETE', '/ai/settings/model')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('In use')).toBeInTheDocument());
    expect(within(form).queryByRole('button', { name: 'Remove my model' })).not.toBeInTheDocument();
  });

  it('shows how many documents are indexed for the model in use, and indexes the rest now, batch by batch', async () => {
    const model = '127.0.0.1/nomic-embed-text';
    let index = { model, files: 120, current: 20, stale: 100 };
    const net = server(empty, {
      'GET /ai/media/embeddings': () => ({ body: index }),
      'POST /ai/media/embeddings': () => {
        const reembedded = Math.min(50, index.stale);
        index = { ...index, current: index.current + reembedded, stale: index.stale - reembedded };
        return { body: { ...index, reembedded, failed: 0 } };
      },
    });
    renderWithStore(<AiModelSettings />);
    const section = await screen.findByRole('region', { name: 'Document search index' });
    expect(await within(section).findByText(`20 of 120 documents are indexed for ${model}.`)).toBeInTheDocument();
    expect(
      within(section).getByRole('progressbar', { name: 'Documents indexed for the model in use' }),
    ).toHaveAttribute('aria-valuenow', '17');
    expect(within(section).getByText(/100 documents wait to be indexed again/)).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Index now' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('100 documents indexed.');
    expect(net.callsTo('POST', '/ai/media/embeddings')).toHaveLength(2);
    expect(await within(section).findByText(`120 of 120 documents are indexed for ${model}.`)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Index now' })).not.toBeInTheDocument();
  });

  it('says plainly when the model in use offers no embeddings, with nothing to start', async () => {
    server('forbidden');
    renderWithStore(<AiModelSettings />);
    const section = await screen.findByRole('region', { name: 'Document search index' });
    expect(
      await within(section).findByText(/offers no embeddings, so your documents are searched by their words/),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Index now' })).not.toBeInTheDocument();
  });
});
