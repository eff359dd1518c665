import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.js';
import { DEMO_USER } from './demo.seed.js';

describe('demo data', () => {
  it('creates the README demo user on an empty database, once, and it can sign in at once', async () => {
    const first = await createTestApp({ config: { seedDemo: true } });
    const second = await createTestApp({ config: { seedDemo: true }, database: first.database });
    const login = await second.app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: DEMO_USER.email, password: DEMO_USER.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ status: 'signed_in', user: { username: 'demo', status: 'active' } });
    const taken = await second.app.inject({ method: 'GET', url: '/api/profile/username/demo' });
    expect(taken.json()).toEqual({ username: 'demo', available: false });
  });

  it('is not created when SEED_DEMO is off', async () => {
    const { app } = await createTestApp({ config: { seedDemo: false } });
    const login = await app.inject({
      method: 'POST',
      url: '/api/customer/login',
      payload: { email: DEMO_USER.email, password: DEMO_USER.password },
    });
    expect(login.statusCode).toBe(401);
  });
});
