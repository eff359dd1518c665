import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.js';
import { createManualClock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { newId } from '../../platform/ids.js';
import { users } from '../users/users.table.js';
import { createAccountsRepository } from './accounts.repository.js';
import { createAccountsService } from './accounts.service.js';
import { type BrokerConnector, ConnectorError, createConnectorRegistry } from './broker-connectors.js';
import { createCredentialsCipher } from './credentials.cipher.js';
import { tradingAccounts } from './trading.table.js';

/**
 * A connector for a platform this machine cannot reach, at the network edge: it answers as a trade server
 * would, so the service's handling of a real connector (encryption at rest, refusals) is tested.
 */
function recordingConnector(): BrokerConnector & { logins: string[] } {
  const logins: string[] = [];
  return {
    platform: 'mt5',
    logins,
    knownServers: () => ({ 'Example Markets Ltd': ['ExampleMarkets-Demo', 'ExampleMarkets-Live'] }),
    async login(credentials) {
      logins.push(credentials.password);
      if (credentials.server === 'Down-Server') throw new ConnectorError('unreachable', 'timed out');
      if (credentials.password !== 'right-password') throw new ConnectorError('refused', 'invalid account');
      return {
        currency: 'EUR',
        balance: 2500.5,
        leverage: 500,
        broker: 'Example Markets Ltd',
        type: 'live',
        username: 'Jo',
      };
    },
  };
}

const key = Buffer.alloc(32, 3).toString('base64');
let db: Db;
let userId: string;
const clock = createManualClock('2026-03-02T09:30:00Z');

beforeAll(async () => {
  ({ db } = (await createTestDatabase()).database);
  userId = newId();
  await db.insert(users).values({
    id: userId,
    email: `${userId}@example.test`,
    username: `u_${userId.slice(0, 8)}`,
    firstName: 'A',
    lastName: 'B',
    status: 'active',
    createdAt: clock.now(),
    updatedAt: clock.now(),
  } as typeof users.$inferInsert);
});

function service(connector = recordingConnector()) {
  return {
    connector,
    accounts: createAccountsService({
      repo: createAccountsRepository(db),
      clock,
      cipher: createCredentialsCipher(key),
      connectors: createConnectorRegistry([connector]),
    }),
  };
}

const existing = {
  kind: 'existing' as const,
  platform_type: 'metatrader' as const,
  platform: 'mt5' as const,
  server: 'ExampleMarkets-Live',
  account_number: '5012345',
  password: 'right-password',
  investor_password: 'investor-pw',
  type: 'demo' as const,
};

describe('existing accounts through a connector', () => {
  it('keeps the passwords only encrypted (AES-256-GCM, bound to the account) and logs in with them again', async () => {
    const { accounts, connector } = service();
    const account = await accounts.create(userId, existing);
    expect(account).toMatchObject({ kind: 'connected', status: 'connected', currency: 'EUR', balance: 2500.5 });
    expect(account).toMatchObject({
      hasInvestorPassword: true,
      accountNumber: '5012345',
      broker: 'Example Markets Ltd',
    });
    const [row] = await db.select().from(tradingAccounts).where(eq(tradingAccounts.id, account.id));
    expect(row?.passwordEnc).toMatch(/^v1\./);
    expect(row?.passwordEnc).not.toContain('right-password');
    expect(JSON.stringify(row)).not.toContain('investor-pw');
    const cipher = createCredentialsCipher(key);
    expect(cipher.open(row!.passwordEnc!, account.id)).toBe('right-password');
    expect(() => cipher.open(row!.passwordEnc!, newId())).toThrow();
    expect(() =>
      createCredentialsCipher(Buffer.alloc(32, 4).toString('base64')).open(row!.passwordEnc!, account.id),
    ).toThrow();

    await accounts.connect(userId, account.id);
    expect(connector.logins).toEqual(['right-password', 'right-password']);
  });

  it('answers a refused login on the password field, and an unreachable server as unavailable', async () => {
    const { accounts } = service();
    await expect(accounts.create(userId, { ...existing, password: 'wrong' })).rejects.toMatchObject({
      code: 'TRADING_CONNECTOR_REFUSED',
      details: { fields: [{ field: 'password' }] },
    });
    await expect(accounts.create(userId, { ...existing, server: 'Down-Server' })).rejects.toMatchObject({
      code: 'TRADING_CONNECTOR_UNREACHABLE',
      category: 'unavailable',
    });
  });

  it('lists the connector’s servers grouped by broker', () => {
    const { accounts } = service();
    expect(accounts.knownServers('live', 'mt5')).toEqual({ 'Example Markets Ltd': ['ExampleMarkets-Live'] });
    expect(accounts.knownServers(undefined, undefined)).toEqual({
      'TradeDesk Virtual Broker': ['TradeDesk-Virtual'],
      'Example Markets Ltd': ['ExampleMarkets-Demo', 'ExampleMarkets-Live'],
    });
    expect(accounts.platforms().find((p) => p.id === 'mt5')?.connectorAvailable).toBe(true);
  });
});
