import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { errorBody, type MockRequest, mockFetch } from '../../../test/fetch-mock';
import { toolStyle } from '../drawings/tool-styles';
import { readToolStyles, useDrawingTemplates } from './use-drawing-templates';

const STORE = '/user-data/v1/store/workspace/drawing-tool-styles';
const payload = (state: unknown) => ({
  body: { payload: { name: 'drawing-tool-styles', version: 1, state, updatedAt: '2025-11-20T00:00:00.000Z' } },
});

let remember: ReturnType<typeof useDrawingTemplates>['remember'] = () => {};
function Probe() {
  remember = useDrawingTemplates().remember;
  return null;
}

describe('drawing template per tool', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('puts the saved styles in this browser and saves a new one to the account', async () => {
    const net = mockFetch({
      [`GET ${STORE}`]: payload({ rectangle: { color: '#FF0000', lineWidth: 3 } }),
      [`PUT ${STORE}`]: (req: MockRequest) => payload((req.body as { state: unknown }).state),
    });
    renderWithStore(<Probe />);
    // Another browser's choice arrives and a new rectangle starts with it.
    await waitFor(() => expect(toolStyle('rectangle')).toEqual({ color: '#FF0000', lineWidth: 3 }));

    act(() => {
      remember('ellipse', { color: '#00FF00' });
      remember('ellipse', { color: '#0000FF', lineStyle: 'dashed' });
    });
    expect(toolStyle('ellipse')).toEqual({ color: '#0000FF', lineStyle: 'dashed' });
    // Quick changes are saved once, with every tool's style.
    await waitFor(() => expect(net.callsTo('PUT', STORE)).toHaveLength(1));
    expect(net.callsTo('PUT', STORE)[0]!.body).toEqual({
      version: 1,
      state: { rectangle: { color: '#FF0000', lineWidth: 3 }, ellipse: { color: '#0000FF', lineStyle: 'dashed' } },
    });
  });

  it('keeps the browser copy when nothing is saved yet, and drops what is not a valid style', async () => {
    localStorage.setItem('chart.drawingStyle.ray', JSON.stringify({ color: '#123456' }));
    mockFetch({ [`GET ${STORE}`]: errorBody(404, 'USER_DATA_NOT_FOUND', 'Nothing saved.') });
    renderWithStore(<Probe />);
    await act(async () => {});
    expect(toolStyle('ray')).toEqual({ color: '#123456' });
    expect(readToolStyles(1, { ray: { lineWidth: 99 }, nope: {}, text: { fontSize: 12 } })).toEqual({
      text: { fontSize: 12 },
    });
  });
});
