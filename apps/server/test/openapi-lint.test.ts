import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../src/platform/openapi.js';
import { createTestApp } from './helpers.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const redoclyCli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');

type Response = { content?: Record<string, { schema?: { $ref?: string } }> };
type Operation = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, Response>;
  parameters?: Array<{ name: string; in: string }>;
};
type Document = { servers?: unknown[]; paths: Record<string, Record<string, Operation>> };
type Problem = { ruleId: string; severity: string; message: string; location: Array<{ pointer?: string }> };

let doc: Document;
let raw: string;
const dir = mkdtempSync(join(tmpdir(), 'tradedesk-openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  raw = response.body;
  doc = response.json();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

describe('API reference lint (redocly recommended rules, redocly.yaml)', () => {
  it('reports no error and no warning on the served document', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, raw);
    const run = await promisify(execFile)(
      process.execPath,
      [redoclyCli, 'lint', file, '--config', join(repoRoot, 'redocly.yaml'), '--format=json'],
      {
        cwd: repoRoot,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr }));
    const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: Problem[] };
    const problems = report.problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});

describe('what every operation gets without extra work', () => {
  it('derives a unique camelCase operationId from method and path', () => {
    expect(operationIdOf('PUT', '/api/customer/settings/general')).toBe('putCustomerSettingsGeneral');
    expect(operationIdOf('GET', '/api/profile/username/:username')).toBe('getProfileUsernameByUsername');
    expect(operationIdOf('POST', '/api/customer/2fa/recovery-codes')).toBe('postCustomer2faRecoveryCodes');
    expect(operationIdOf('GET', '/api/files/*')).toBe('getFilesByPath');
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/customer/login']?.post?.operationId).toBe('postCustomerLogin');
  });

  it('marks guarded operations with the bearer and cookie schemes and public ones with an empty list', () => {
    const signedIn = [{ bearer: [] }, { cookie: [] }];
    // sessions and two-factor routes declare no security themselves: it comes from their guard
    expect(doc.paths['/api/customer/2fa/setup']?.post?.security).toEqual(signedIn);
    expect(doc.paths['/api/customer/configuration']?.get?.security).toEqual(signedIn);
    expect(doc.paths['/api/customer/login']?.post?.security).toEqual([]);
    expect(doc.paths['/api/health']?.get?.security).toEqual([]);
    // public, with more for a signed-in caller (app.authenticateOptional): none, or either scheme; 401 documented
    const history = doc.paths['/api/middleware/feed/historical']?.get;
    expect(history?.security).toEqual([{}, ...signedIn]);
    expect(history?.responses['401']).toBeDefined();
    expect(operations().filter(({ op }) => op.security === undefined)).toEqual([]);
  });

  it('documents the error body as the 4xx and 5xx answers, 401 where the route is guarded', () => {
    const errorRef = '#/components/schemas/ErrorBody';
    for (const { name, op } of operations()) {
      for (const status of ['400', '4XX', '5XX']) {
        expect(op.responses[status]?.content?.['application/json']?.schema?.$ref, `${name} ${status}`).toBe(errorRef);
      }
      const guarded = (op.security ?? []).length > 0;
      expect(op.responses['401'] !== undefined || !guarded, `${name} 401`).toBe(true);
    }
    // a route that declares its own error answer keeps its description, with the shared body
    const google = doc.paths['/api/customer/login/google']?.get?.responses['404'];
    expect(google).toMatchObject({
      description: expect.stringContaining('AUTH_GOOGLE_DISABLED'),
      content: { 'application/json': { schema: { $ref: errorRef } } },
    });
    // rate-limited routes document 429
    expect(doc.paths['/api/customer/login']?.post?.responses['429']).toBeDefined();
  });

  it('names the wildcard of /api/files and serves relative to the document', () => {
    expect(doc.paths['/api/files/{path}']?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'path', in: 'path' }),
    ]);
    expect(Object.keys(doc.paths).some((p) => p.includes('*'))).toBe(false);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });
});
