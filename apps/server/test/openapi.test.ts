import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

/** The "Auth" and "Settings" calls of the product spec's section 7 (plans, invoices, payment and add-ons come with billing). */
const specRoutes = [
  ['post', '/api/customer/login'],
  ['post', '/api/customer'],
  ['get', '/api/customer/logout'],
  ['post', '/api/customer/activate'],
  ['post', '/api/customer/forgot'],
  ['post', '/api/customer/reset'],
  ['post', '/api/customer/resend'],
  ['post', '/api/customer/refresh'],
  ['post', '/api/customer/verify'],
  ['get', '/api/profile/username/{username}'],
  ['get', '/api/customer/login/google'],
  ['get', '/api/customer/configuration'],
  ['put', '/api/customer/settings/general'],
  ['put', '/api/customer/settings/billing'],
  ['put', '/api/customer/settings/notifications'],
  ['put', '/api/customer/settings/security'],
  ['put', '/api/customer/settings/privacy'],
  ['put', '/api/profile'],
  ['put', '/api/customer/profile/image'],
  ['put', '/api/customer/profile/banner'],
  ['put', '/api/customer/theme'],
  ['delete', '/api/customer/delete'],
  ['get', '/api/customer/sessions'],
  ['delete', '/api/customer/sessions'],
  ['get', '/api/market/timezones'],
  ['get', '/api/alerts'],
  ['post', '/api/alerts'],
  ['get', '/api/alerts/{id}'],
  ['put', '/api/alerts/{id}'],
  ['delete', '/api/alerts/{id}'],
  ['get', '/api/alerts/{id}/log'],
] as const;

type Operation = {
  summary?: string;
  responses?: Record<string, unknown>;
  requestBody?: unknown;
  parameters?: unknown[];
};
let paths: Record<string, Record<string, Operation>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
});

describe('OpenAPI document', () => {
  it.each(specRoutes)('documents %s %s with a summary and its answers', (method, path) => {
    const operation = paths[path]?.[method];
    expect(operation, `${method.toUpperCase()} ${path}`).toBeDefined();
    expect(operation?.summary).toBeTruthy();
    expect(Object.keys(operation?.responses ?? {})).not.toHaveLength(0);
  });

  it('gives every documented operation a summary and response schemas', () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.summary || !operation.responses) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('describes request bodies from the shared schemas (snake_case fields)', () => {
    const body = paths['/api/customer']?.post?.requestBody as {
      content: Record<string, { schema: { properties: Record<string, unknown> } }>;
    };
    expect(Object.keys(body.content['application/json']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['email', 'password', 'username', 'first_name', 'last_name']),
    );
  });
});
