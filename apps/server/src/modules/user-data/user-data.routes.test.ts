import {
  USER_DATA_STATE_MAX_BYTES,
  USER_DATA_STATE_MAX_DEPTH,
  type UserDataDocumentResponse,
} from '@tradedesk/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFieldError } from '../../../test/assertions.js';
import { type SignedInUser, signUpAndLogin } from '../../../test/auth-helpers.js';
import { createTestApp } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import { createUserDataRepository } from './user-data.repository.js';
import { createUserDataService } from './user-data.service.js';
import { userDataDocuments } from './user-data.table.js';

let app: FastifyInstance;
let ada: SignedInUser;
let bob: SignedInUser;
const clock = createManualClock('2026-03-02T09:30:00Z');
const url = (name: string) => `/api/user-data/v1/store/workspace/${name}`;

// A dockview-like layout: camelCase keys and ids as keys must come back exactly as sent.
const layout = {
  grid: {
    root: { type: 'branch', data: [{ type: 'leaf', data: { views: ['orderTicket'], activeView: 'orderTicket' } }] },
  },
  panels: { orderTicket: { id: 'orderTicket', contentComponent: 'order', title: 'Order' } },
  activeGroup: '1',
};

beforeAll(async () => {
  ({ app } = await createTestApp({ build: { clock } }));
  [ada, bob] = await Promise.all([signUpAndLogin(app), signUpAndLogin(app)]);
});

function put(user: SignedInUser, name: string, payload: unknown) {
  return app.inject({ method: 'PUT', url: url(name), headers: user.auth, payload: payload as object });
}
function get(user: SignedInUser, name: string) {
  return app.inject({ method: 'GET', url: url(name), headers: user.auth });
}

describe('GET/PUT /api/user-data/v1/store/workspace/{name}', () => {
  it('answers 404 when nothing is saved under the name', async () => {
    const res = await get(ada, 'trading');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'USER_DATA_NOT_FOUND',
      message: 'Nothing is saved under the name "trading".',
    });
  });

  it('saves a document and gives it back verbatim, with its version and the time it was saved', async () => {
    const saved = await put(ada, 'trading', { version: 3, state: layout });
    expect(saved.statusCode).toBe(200);
    const expected = { payload: { name: 'trading', version: 3, state: layout, updatedAt: '2026-03-02T09:30:00.000Z' } };
    expect(saved.json()).toEqual(expected);
    expect((await get(ada, 'trading')).json()).toEqual(expected);
  });

  it('replaces the document of the same name', async () => {
    await put(ada, 'positions-table', { version: 1, state: { order: ['symbol', 'side'] } });
    clock.advance(60_000);
    const replaced = await put(ada, 'positions-table', { version: 2, state: { order: ['side'] } });
    expect(replaced.statusCode).toBe(200);
    const body = (await get(ada, 'positions-table')).json() as UserDataDocumentResponse;
    expect(body.payload).toMatchObject({ version: 2, state: { order: ['side'] } });
    expect(body.payload.updatedAt).toBe(clock.now().toISOString());
  });

  it('keeps each user’s documents apart: another user neither reads nor overwrites them', async () => {
    await put(ada, 'private-layout', { version: 1, state: { mine: true } });
    expect((await get(bob, 'private-layout')).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: url('private-layout'), headers: bob.auth })).statusCode).toBe(
      404,
    );

    // The same name for another user is a document of their own.
    expect((await put(bob, 'private-layout', { version: 1, state: { mine: 'bob' } })).statusCode).toBe(200);
    expect(((await get(ada, 'private-layout')).json() as UserDataDocumentResponse).payload.state).toEqual({
      mine: true,
    });
    expect(((await get(bob, 'private-layout')).json() as UserDataDocumentResponse).payload.state).toEqual({
      mine: 'bob',
    });
  });

  it('deletes a document, after which it is gone', async () => {
    await put(ada, 'scratch', { version: 1, state: [] });
    const deleted = await app.inject({ method: 'DELETE', url: url('scratch'), headers: ada.auth });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await get(ada, 'scratch')).statusCode).toBe(404);
  });

  it('requires a signed-in caller', async () => {
    expect((await app.inject({ method: 'GET', url: url('trading') })).statusCode).toBe(401);
    const res = await app.inject({ method: 'PUT', url: url('trading'), payload: { version: 1, state: {} } });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [
      'a name with a slash-free but invalid character',
      'bad name',
      { version: 1, state: {} },
      'name',
      /^Document name must be 1 to 64/,
    ],
    [
      'a name longer than 64 characters',
      'x'.repeat(65),
      { version: 1, state: {} },
      'name',
      /^Document name must be at most 64/,
    ],
    ['a missing version', 'ok', { state: {} }, 'version', /^Version is required\.$/],
    ['a fractional version', 'ok', { version: 1.5, state: {} }, 'version', /^Version must be a whole number/],
    ['a missing state', 'ok', { version: 1 }, 'state', /^State is required\.$/],
    ['a scalar state', 'ok', { version: 1, state: 'layout' }, 'state', /^State must be a JSON object or array\.$/],
    ['a null state', 'ok', { version: 1, state: null }, 'state', /^State must be a JSON object or array\.$/],
    ['a NUL in a string of the state', 'ok', { version: 1, state: { title: 'a\u0000b' } }, 'state', /NUL/],
    ['a lone surrogate in a key of the state', 'ok', { version: 1, state: { ['\ud800']: 1 } }, 'state', /Unicode/],
    ['an unknown field', 'ok', { version: 1, state: {}, owner: 'someone' }, 'owner', /owner/],
  ])('refuses %s with a 400 naming the field', async (_case, name, payload, field, message) => {
    const res = await put(ada, encodeURIComponent(name), payload);
    expectFieldError(res, { field, message });
  });

  it('refuses a state nested deeper than the limit', async () => {
    let deep: unknown = {};
    for (let i = 0; i < USER_DATA_STATE_MAX_DEPTH; i++) deep = { child: deep };
    const res = await put(ada, 'deep', { version: 1, state: deep });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `State must not nest objects and arrays deeper than ${USER_DATA_STATE_MAX_DEPTH} levels.`,
    );

    let atLimit: unknown = {};
    for (let i = 1; i < USER_DATA_STATE_MAX_DEPTH; i++) atLimit = { child: atLimit };
    expect((await put(ada, 'deep', { version: 1, state: atLimit })).statusCode).toBe(200);
  });

  it('refuses a state larger than the limit, and a body far larger before reading it', async () => {
    const overhead = JSON.stringify({ text: '' }).length;
    const atLimit = { text: 'a'.repeat(USER_DATA_STATE_MAX_BYTES - overhead) };
    expect((await put(ada, 'big', { version: 1, state: atLimit })).statusCode).toBe(200);

    const over = await put(ada, 'big', { version: 1, state: { text: 'a'.repeat(USER_DATA_STATE_MAX_BYTES) } });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/^State must be at most 65536 bytes of JSON/);

    const huge = await put(ada, 'big', { version: 1, state: { text: 'a'.repeat(USER_DATA_STATE_MAX_BYTES * 3) } });
    expect(huge.statusCode).toBe(413);
  });
});

describe('account deletion', () => {
  it('deletes the account’s documents with it', async () => {
    const dora = await signUpAndLogin(app);
    await put(dora, 'trading', { version: 1, state: layout });
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/customer/delete',
      headers: dora.auth,
      payload: { password: dora.password },
    });
    expect(deleted.statusCode).toBe(200);
    const left = await app.ctx.db.select().from(userDataDocuments).where(eq(userDataDocuments.userId, dora.userId));
    expect(left).toEqual([]);
  });
});

describe('user-data service limits', () => {
  it('refuses a new document past the per-user limit but still replaces existing ones', async () => {
    const carol = await signUpAndLogin(app);
    // Ada keeps more than two documents by now: only Carol's own count against her.
    const service = createUserDataService({
      repo: createUserDataRepository(app.ctx.db),
      clock,
      limits: { maxDocuments: 2 },
    });
    await service.put(carol.userId, 'workspace', 'one', { version: 1, state: {} });
    await service.put(carol.userId, 'workspace', 'two', { version: 1, state: {} });
    await expect(service.put(carol.userId, 'workspace', 'three', { version: 1, state: {} })).rejects.toMatchObject({
      code: 'USER_DATA_LIMIT_REACHED',
      category: 'conflict',
    });
    await expect(service.put(carol.userId, 'workspace', 'two', { version: 2, state: [1] })).resolves.toMatchObject({
      version: 2,
      state: [1],
    });
  });
});
