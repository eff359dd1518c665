import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestDir } from '../test/temp.js';
import { ConfigError, loadConfig } from './config.js';

const dataDir = makeTestDir('config');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir }, []);
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      publicUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      google: undefined,
      seedDemo: true,
      role: 'all',
      trustProxy: false,
      rateLimit: true,
      wsMaxPerUser: 20,
      wsMaxPerIp: 100,
      wsMaxGuestsPerIp: 10,
      wsMaxSubscriptions: 200,
      marketFeedIntervalMs: 100,
      importMaxBytes: 100 * 1024 * 1024,
    });
  });

  it('reads the WebSocket limits and refuses values that are not whole numbers of at least 1', () => {
    const config = loadConfig({ DATA_DIR: dataDir, WS_MAX_PER_USER: '5', WS_MAX_PER_IP: '500' }, []);
    expect(config).toMatchObject({ wsMaxPerUser: 5, wsMaxPerIp: 500 });
    expect(() => loadConfig({ DATA_DIR: dataDir, WS_MAX_PER_USER: '0' }, [])).toThrow(/WS_MAX_PER_USER/);
    expect(() => loadConfig({ DATA_DIR: dataDir, WS_MAX_PER_IP: 'many' }, [])).toThrow(/WS_MAX_PER_IP/);
    expect(() => loadConfig({ DATA_DIR: dataDir, WS_MAX_PER_IP: '2.5' }, [])).toThrow(ConfigError);
  });

  it('reads the subscription limit and the feed interval, naming the setting when one is wrong', () => {
    const config = loadConfig({ DATA_DIR: dataDir, WS_MAX_SUBSCRIPTIONS: '50', MARKET_FEED_INTERVAL_MS: '250' }, []);
    expect(config).toMatchObject({ wsMaxSubscriptions: 50, marketFeedIntervalMs: 250 });
    expect(() => loadConfig({ DATA_DIR: dataDir, WS_MAX_SUBSCRIPTIONS: '0' }, [])).toThrow(/WS_MAX_SUBSCRIPTIONS/);
    expect(() => loadConfig({ DATA_DIR: dataDir, MARKET_FEED_INTERVAL_MS: '5' }, [])).toThrow(
      /MARKET_FEED_INTERVAL_MS/,
    );
  });

  it('does not seed the published demo account in production unless SEED_DEMO asks for it', () => {
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' }, []).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', SEED_DEMO: 'true' }, []).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, []).seedDemo).toBe(false);
  });

  it('builds PUBLIC_URL from PORT when it is unset, so emailed links reach the server', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '3000' }, []).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '3000', PUBLIC_URL: '' }, []).publicUrl).toBe('http://localhost:3000');
    const behindProxy = loadConfig({ DATA_DIR: dataDir, PORT: '3000', PUBLIC_URL: 'https://trade.example.com/' }, []);
    expect(behindProxy.publicUrl).toBe('https://trade.example.com');
    expect(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'trade.example.com' }, [])).toThrow(/PUBLIC_URL/);
  });

  it('trusts X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }, []).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('10.0.0.1, 192.168.0.0/16,::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(() => trust('10.0.0.1,proxy.local')).toThrow('TRUST_PROXY: "proxy.local" is not an IP address or CIDR');
    expect(() => trust('10.0.0.0/33')).toThrow(ConfigError);
  });

  it('generates the signing secrets on first start, keeps them in DATA_DIR and reuses them', () => {
    const first = loadConfig({ DATA_DIR: dataDir }, []);
    expect(first.secrets.jwt.length).toBeGreaterThanOrEqual(32);
    expect(first.secrets.tradingJwt).not.toBe(first.secrets.jwt);
    const stored = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));
    expect(stored).toEqual(first.secrets);
    expect(Buffer.from(first.secrets.brokerKey, 'base64')).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dataDir }, []).secrets).toEqual(first.secrets);
  });

  it('adds the broker credentials key to a secrets file of an older version, keeping its signing secrets', () => {
    const old = { jwt: 'o'.repeat(40), tradingJwt: 'p'.repeat(40) };
    writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify(old));
    const config = loadConfig({ DATA_DIR: dataDir }, []);
    expect(config.secrets).toMatchObject(old);
    expect(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).brokerKey).toBe(config.secrets.brokerKey);
  });

  it('prefers secrets given in the environment', () => {
    const jwt = 'j'.repeat(40);
    const tradingJwt = 't'.repeat(40);
    const brokerKey = Buffer.alloc(32, 1).toString('base64');
    const config = loadConfig(
      { DATA_DIR: dataDir, JWT_SECRET: jwt, TRADING_JWT_SECRET: tradingJwt, BROKER_CREDENTIALS_KEY: brokerKey },
      [],
    );
    expect(config.secrets).toEqual({ jwt, tradingJwt, brokerKey });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ BROKER_CREDENTIALS_KEY: 'c2hvcnQ=' }, /BROKER_CREDENTIALS_KEY/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/],
  ])('rejects %o naming the setting', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env }, [])).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env }, [])).toThrow(message);
  });

  it('reads the process role from --role', () => {
    expect(loadConfig({ DATA_DIR: dataDir }, ['node', 'main.js', '--role=worker']).role).toBe('worker');
    expect(() => loadConfig({ DATA_DIR: dataDir }, ['--role=boss'])).toThrow(/--role must be one of all, api, worker/);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: ' ', SMTP_URL: '' }, []);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });
});
