import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestDir } from '../../../../test/temp.js';
import { ConfigError, deriveAiKeySecret, loadConfig } from '../../../config.js';

const dataDir = makeTestDir('ai-config');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const brokerKey = Buffer.alloc(32, 9).toString('base64');
const base = { DATA_DIR: dataDir, BROKER_CREDENTIALS_KEY: brokerKey };

describe('AI settings', () => {
  it('default to the built-in analyst only, users’ own keys denied, the spec’s 10 s tool timeout', () => {
    const { ai } = loadConfig(base, []);
    expect(ai).toEqual({
      provider: undefined,
      userKeys: false,
      userPrivateUrls: false,
      keySecret: deriveAiKeySecret(brokerKey),
      requestTimeoutMs: 60_000,
      toolTimeoutMs: 10_000,
    });
    // derived, 32 bytes, and not the broker key itself
    expect(Buffer.from(ai!.keySecret, 'base64')).toHaveLength(32);
    expect(ai!.keySecret).not.toBe(brokerKey);
  });

  it('read the operator’s provider and the users’ own keys switch', () => {
    const { ai } = loadConfig(
      {
        ...base,
        AI_BASE_URL: 'http://127.0.0.1:11434/v1',
        AI_API_KEY: 'sk-op',
        AI_MODEL: 'llama3.1',
        AI_EMBEDDING_MODEL: 'nomic-embed-text',
        AI_USER_KEYS: 'allow',
        AI_KEY_SECRET: Buffer.alloc(32, 1).toString('base64'),
        AI_REQUEST_TIMEOUT_MS: '30000',
      },
      [],
    );
    expect(ai).toMatchObject({
      provider: {
        baseUrl: 'http://127.0.0.1:11434/v1',
        apiKey: 'sk-op',
        model: 'llama3.1',
        embeddingModel: 'nomic-embed-text',
      },
      userKeys: true,
      keySecret: Buffer.alloc(32, 1).toString('base64'),
      requestTimeoutMs: 30_000,
    });
  });

  it('refuse a base URL without a model, a wrong switch and a short secret, naming the variable', () => {
    expect(() => loadConfig({ ...base, AI_BASE_URL: 'https://api.example.com/v1' }, [])).toThrow(/AI_MODEL/);
    expect(() => loadConfig({ ...base, AI_USER_KEYS: 'maybe' }, [])).toThrow(/AI_USER_KEYS/);
    expect(() => loadConfig({ ...base, AI_KEY_SECRET: 'c2hvcnQ=' }, [])).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, AI_BASE_URL: 'not a url', AI_MODEL: 'm' }, [])).toThrow(/AI_BASE_URL/);
  });
});
