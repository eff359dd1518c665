import { errorBody, type MockRequest, type MockResponse } from '../../../test/fetch-mock';

const END = 1_763_640_000;
export const toolCandles = Array.from({ length: 30 }, (_, i) => {
  const close = 1.1 + i * 0.0001;
  return {
    time: END - (29 - i) * 900,
    open: close - 0.00005,
    high: close + 0.0002,
    low: close - 0.0002,
    close,
    volume: 100,
  };
});

type Template = {
  id: string;
  name: string;
  kind: 'chart' | 'indicators';
  isDefault: boolean;
  settings: Record<string, unknown>;
  indicators: unknown[];
  createdAt: string;
  updatedAt: string;
};

const camel = (k: string) => k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/**
 * The templates API as the server answers it (one default per kind: the first saved, moved by PUT default,
 * passed on when the default is deleted), plus the chart's history and drawings, for the tools' tests.
 */
export function toolRoutes(initial: Template[] = []) {
  const templates = [...initial];
  let n = templates.length;
  const find = (req: MockRequest) => templates.find((t) => req.path.endsWith(t.id) || req.path.includes(`/${t.id}/`));
  const routes: Record<string, (req: MockRequest) => MockResponse | Promise<MockResponse>> = {
    'GET /middleware/feed/historical': () => ({ body: { candles: toolCandles, dataSource: 'Simulated' } }),
    'GET /drawings': () => ({ body: { drawings: [] } }),
    'GET /templates': (req) => ({
      body: { templates: templates.filter((t) => !req.query.get('kind') || t.kind === req.query.get('kind')) },
    }),
    'POST /templates': (req) => {
      const body = req.body as { name: string; kind: 'chart' | 'indicators'; settings?: object; indicators?: [] };
      const t: Template = {
        id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
        name: body.name,
        kind: body.kind,
        isDefault: !templates.some((x) => x.kind === body.kind),
        settings: Object.fromEntries(Object.entries(body.settings ?? {}).map(([k, v]) => [camel(k), v])),
        indicators: body.indicators ?? [],
        createdAt: '2025-11-20T00:00:00.000Z',
        updatedAt: '2025-11-20T00:00:00.000Z',
      };
      templates.push(t);
      return { status: 201, body: t };
    },
  };
  const byId = (method: string, handle: (t: Template, req: MockRequest) => MockResponse) => (req: MockRequest) => {
    const t = find(req);
    return t && req.method === method ? handle(t, req) : errorBody(404, 'TEMPLATE_NOT_FOUND', 'Not found.');
  };
  return {
    templates,
    routes,
    /** Routes for a template's own paths (the fetch mock matches exact paths, so each id is listed). */
    idRoutes(): Record<string, (req: MockRequest) => MockResponse> {
      const out: Record<string, (req: MockRequest) => MockResponse> = {};
      for (let i = 1; i <= 9; i++) {
        const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
        out[`PUT /templates/${id}/default`] = byId('PUT', (t) => {
          for (const x of templates) if (x.kind === t.kind) x.isDefault = x === t;
          return { body: t };
        });
        out[`PUT /templates/${id}`] = byId('PUT', (t, req) => {
          const body = req.body as { name?: string; settings?: object; indicators?: [] };
          if (body.name) t.name = body.name;
          if (body.settings)
            t.settings = Object.fromEntries(Object.entries(body.settings).map(([k, v]) => [camel(k), v]));
          if (body.indicators) t.indicators = body.indicators;
          return { body: t };
        });
        out[`DELETE /templates/${id}`] = byId('DELETE', (t) => {
          templates.splice(templates.indexOf(t), 1);
          const next = templates.find((x) => x.kind === t.kind);
          if (t.isDefault && next) next.isDefault = true;
          return { status: 204 };
        });
      }
      return out;
    },
  };
}
