import type { TradingPlatformId } from '@tradedesk/contracts';

/** What a connector needs to log in to an existing account on its platform. */
export type ConnectorCredentials = {
  server: string;
  accountNumber: string;
  password: string;
  investorPassword: string | undefined;
};

/** What the platform says about the account after a login. */
export type ConnectorAccountInfo = {
  currency: string;
  balance: number;
  leverage: number;
  broker: string;
  type: 'demo' | 'live';
  username: string | null;
};

/**
 * A broker connector: speaks one platform's protocol to its trade servers. `login` answers the account's
 * details or throws a `ConnectorError` (refused credentials, server not reached).
 */
export interface BrokerConnector {
  platform: TradingPlatformId;
  /** Server names grouped by the broker (description) they belong to. */
  knownServers(): Record<string, string[]>;
  login(credentials: ConnectorCredentials, signal?: AbortSignal): Promise<ConnectorAccountInfo>;
}

export class ConnectorError extends Error {
  constructor(
    readonly reason: 'refused' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}

/**
 * The connectors this server has. None of the outside platforms (MetaTrader, cTrader...) can be reached from
 * here, and none is faked: an existing account of a platform without a connector is refused with a message
 * saying so. A deployment adds a connector by handing it to the trading module.
 */
export function createConnectorRegistry(connectors: readonly BrokerConnector[] = []) {
  const byPlatform = new Map(connectors.map((c) => [c.platform, c]));
  return {
    get: (platform: TradingPlatformId) => byPlatform.get(platform),
    has: (platform: TradingPlatformId) => byPlatform.has(platform),
    all: () => [...byPlatform.values()],
  };
}
export type ConnectorRegistry = ReturnType<typeof createConnectorRegistry>;
