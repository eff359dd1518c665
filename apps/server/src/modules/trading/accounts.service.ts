import {
  type ConnectExistingAccountBody,
  type CreateImportedAccountBody,
  type CreatePropAccountBody,
  type CreateTradingAccountBody,
  type CreateVirtualAccountBody,
  type ResetTradingAccountBody,
  TRADING_ACCOUNT_DEFAULT_COLOR,
  TRADING_ACCOUNT_MAX_PER_USER,
  type TradingAccount,
  type TradingAccountStatus,
  type TradingPlatformId,
  type UpdateTradingAccountBody,
} from '@tradedesk/contracts';
import { bookAmount, isAccountCurrency } from '@tradedesk/core';
import type { Clock } from '../../platform/clock.js';
import { newId, newToken } from '../../platform/ids.js';
import type { LimitGate, PlanGate } from '../billing/entitlements/entitlements.js';
import type { PropAccountRow } from '../prop/prop.table.js';
import type { AccountsRepository } from './accounts.repository.js';
import { type ConnectorAccountInfo, ConnectorError, type ConnectorRegistry } from './broker-connectors.js';
import type { CredentialsCipher } from './credentials.cipher.js';
import { accountNotFound, tradingError } from './trading.errors.js';
import { PLATFORMS, platformName, platformTypeOf, VIRTUAL_BROKER } from './trading.platforms.js';
import type { TradingAccountRow } from './trading.table.js';

/** The propFirm, objectives and rules fields of an account, written by the prop module. */
export type PropFields = Pick<TradingAccount, 'propFirm' | 'objectives' | 'rules'>;
const NO_PROP: PropFields = { propFirm: null, objectives: [], rules: [] };

/**
 * What the prop module adds to accounts (set once at start-up with `usePropHooks`, since the prop module is built
 * on top of this one): opening a challenge account, and the prop fields of the accounts answered.
 */
export type PropAccountHooks = {
  /** Checks a prop account body against the catalogue; the starting balance (the size) and leverage of the account. */
  prepare(body: CreatePropAccountBody): { startingBalance: number; currency: string; leverage: number };
  /** Called once the account row is stored: records the challenge's state. */
  created(row: TradingAccountRow, body: CreatePropAccountBody): Promise<void>;
  /** The prop fields of these accounts of one user, by account id (accounts without any are left out). */
  fields(userId: string, rows: readonly TradingAccountRow[]): Promise<Map<string, PropFields>>;
  /**
   * Reads what the account's challenge needs to check new orders; the check throws a 422 when the rules refuse one
   * (paused, failed, per-trade rules). Undefined for an account without a challenge. `prop` is the account's
   * challenge row when it was read with the account (null: it has none); without it the hook reads it.
   */
  orderCheck(account: TradingAccountRow, prop?: PropAccountRow | null): Promise<OrderCheck | undefined>;
  /** Throws a 409 when the account is in a challenge, whose history may not be wiped by a reset. */
  beforeReset(account: TradingAccountRow): Promise<void>;
};

/** Throws when a challenge's rules refuse the order; runs inside the order's transaction, so it does no I/O. */
export type OrderCheck = (account: TradingAccountRow, order: ProposedOrderFacts) => void;

/** A new order as the challenge rules see it: the loss at its stop-loss in minor units of the account currency. */
export type ProposedOrderFacts = {
  symbol: string;
  side: 'buy' | 'sell';
  lots: number;
  entry: number;
  stopLoss: number | null;
  riskMinor: number | null;
  nowMs: number;
};

export function toTradingAccount(row: TradingAccountRow, prop: PropFields = NO_PROP): TradingAccount {
  return {
    id: row.id,
    token: row.platformToken,
    name: row.name,
    kind: row.kind as TradingAccount['kind'],
    platform: row.platform as TradingAccount['platform'],
    platformType: row.platformType as TradingAccount['platformType'],
    type: row.type as TradingAccount['type'],
    server: row.server,
    broker: row.broker,
    username: row.username,
    accountNumber: row.accountNumber,
    color: row.color,
    status: row.status as TradingAccountStatus,
    active: row.isActive,
    currency: row.currency,
    startingBalance: Number(row.startingBalance),
    customBalance: row.customBalance,
    balance: Number(row.balance),
    leverage: row.leverage,
    marginMode: row.marginMode as TradingAccount['marginMode'],
    propFirm: prop.propFirm,
    objectives: prop.objectives,
    rules: prop.rules,
    settings: row.settings,
    hasInvestorPassword: row.investorPasswordEnc !== null,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}

/**
 * Trading accounts: virtual accounts on the built-in broker and existing accounts of other platforms through
 * their broker connector. Rules of spec sections 3 to 5: colour, type default demo, one active account.
 */
export function createAccountsService(deps: {
  repo: AccountsRepository;
  clock: Clock;
  cipher: CredentialsCipher;
  connectors: ConnectorRegistry;
  /** Told when an account's orders and positions went away (reset, delete), so the trigger job forgets them. */
  onHistoryGone?: (accountId: string) => Promise<void>;
  /** Where the prop module's hooks are kept: shared by the services of every clock (the demo's replay). */
  propHooks?: { current?: PropAccountHooks };
  /** The plan's trading accounts and prop challenges (billing); absent in tests of the rules alone. */
  entitlements?: PlanGate;
}) {
  const { repo, clock, cipher, connectors } = deps;
  const historyGone = (accountId: string) => deps.onHistoryGone?.(accountId) ?? Promise.resolve();
  const hooksBox = deps.propHooks ?? {};

  async function present(userId: string, rows: readonly TradingAccountRow[]): Promise<TradingAccount[]> {
    const fields = hooksBox.current ? await hooksBox.current.fields(userId, rows) : new Map<string, PropFields>();
    return rows.map((row) => toTradingAccount(row, fields.get(row.id)));
  }
  const presentOne = async (row: TradingAccountRow) => (await present(row.userId, [row]))[0]!;

  async function owned(userId: string, id: string): Promise<TradingAccountRow> {
    const row = await repo.find(userId, id);
    if (!row) throw accountNotFound();
    return row;
  }

  function connectorFor(platform: TradingPlatformId) {
    const connector = connectors.get(platform);
    if (!connector) {
      throw tradingError.onField(
        'platform',
        'TRADING_NO_CONNECTOR',
        `${platformName(platform)} accounts cannot be connected: this server has no broker connector for ${platformName(platform)}. Open a virtual account instead.`,
      );
    }
    return connector;
  }

  async function login(
    platform: TradingPlatformId,
    credentials: Parameters<ReturnType<typeof connectorFor>['login']>[0],
  ): Promise<ConnectorAccountInfo> {
    const connector = connectorFor(platform);
    try {
      return await connector.login(credentials);
    } catch (error) {
      if (error instanceof ConnectorError && error.reason === 'refused') {
        throw tradingError.onField(
          'password',
          'TRADING_CONNECTOR_REFUSED',
          `${platformName(platform)} refused the login to account ${credentials.accountNumber} on ${credentials.server}: ${error.message}`,
        );
      }
      if (error instanceof ConnectorError) {
        throw tradingError(
          'TRADING_CONNECTOR_UNREACHABLE',
          `${platformName(platform)} server ${credentials.server} could not be reached; try again later.`,
        );
      }
      throw error;
    }
  }

  /** An account past the plan's limit of its kind (after a downgrade) is read-only: 423 before changing it. */
  async function assertEditable(userId: string, row: TradingAccountRow): Promise<void> {
    if (!deps.entitlements) return;
    const prop = await repo.isProp(row.id);
    await deps.entitlements?.assertEditable(userId, prop ? 'prop_challenges' : 'trading_accounts', row.id, () =>
      repo.counted(userId, prop),
    );
  }

  async function checkLimit(userId: string) {
    if ((await repo.count(userId)) >= TRADING_ACCOUNT_MAX_PER_USER) {
      throw tradingError(
        'TRADING_ACCOUNT_LIMIT_REACHED',
        `You have ${TRADING_ACCOUNT_MAX_PER_USER} trading accounts, the most one user may keep; delete one first.`,
      );
    }
  }

  function baseRow(
    userId: string,
    now: Date,
  ): Pick<
    TradingAccountRow,
    'id' | 'userId' | 'createdAt' | 'updatedAt' | 'platformToken' | 'settings' | 'archivedAt' | 'isActive'
  > {
    return {
      id: newId(),
      userId,
      createdAt: now,
      updatedAt: now,
      platformToken: newToken(24),
      settings: {},
      archivedAt: null,
      isActive: false,
    };
  }

  async function createVirtual(
    userId: string,
    body: CreateVirtualAccountBody,
    gate?: LimitGate,
  ): Promise<TradingAccountRow> {
    const now = clock.now();
    const start = bookAmount(body.starting_balance, body.currency);
    const row: TradingAccountRow = {
      ...baseRow(userId, now),
      name: body.name,
      kind: 'virtual',
      platform: 'virtual',
      platformType: 'virtual',
      type: body.type,
      server: VIRTUAL_BROKER.server,
      broker: VIRTUAL_BROKER.name,
      username: null,
      accountNumber: null,
      color: body.color ?? TRADING_ACCOUNT_DEFAULT_COLOR,
      status: 'connected',
      currency: body.currency,
      startingBalance: start,
      customBalance: body.custom_balance,
      balance: start,
      leverage: body.leverage,
      marginMode: body.margin_mode,
      passwordEnc: null,
      investorPasswordEnc: null,
    };
    await repo.insert(row, gate);
    return row;
  }

  async function createProp(userId: string, body: CreatePropAccountBody): Promise<TradingAccountRow> {
    const propHooks = hooksBox.current;
    if (!propHooks) {
      throw tradingError.onField(
        'kind',
        'TRADING_INVALID_FIELD',
        'kind prop: this server offers no prop-firm challenges.',
      );
    }
    const prepared = propHooks.prepare(body);
    const row = await createVirtual(userId, {
      kind: 'virtual',
      name: body.name,
      color: body.color,
      type: 'demo',
      currency: prepared.currency as CreateVirtualAccountBody['currency'],
      starting_balance: prepared.startingBalance,
      custom_balance: true,
      leverage: prepared.leverage,
      margin_mode: 'hedging',
    });
    await propHooks.created(row, body);
    return row;
  }

  /** An account of trades made elsewhere: its positions and balance deals come from imported reports. */
  async function createImported(
    userId: string,
    body: CreateImportedAccountBody,
    gate?: LimitGate,
  ): Promise<TradingAccountRow> {
    const now = clock.now();
    const start = bookAmount(body.starting_balance, body.currency);
    const row: TradingAccountRow = {
      ...baseRow(userId, now),
      name: body.name,
      kind: 'imported',
      platform: body.platform,
      platformType: platformTypeOf(body.platform),
      type: body.type,
      server: body.server ?? 'Imported',
      broker: body.broker ?? 'Imported',
      username: null,
      accountNumber: null,
      color: body.color ?? TRADING_ACCOUNT_DEFAULT_COLOR,
      status: 'connected',
      currency: body.currency,
      startingBalance: start,
      customBalance: true,
      balance: start,
      leverage: 100,
      marginMode: 'hedging',
      passwordEnc: null,
      investorPasswordEnc: null,
    };
    await repo.insert(row, gate);
    return row;
  }

  async function connectExisting(
    userId: string,
    body: ConnectExistingAccountBody,
    gate?: LimitGate,
  ): Promise<TradingAccountRow> {
    if (body.platform === 'virtual') {
      throw tradingError.onField(
        'platform',
        'TRADING_INVALID_FIELD',
        'platform virtual has no existing accounts to connect: open a virtual account (kind virtual) instead.',
      );
    }
    if (platformTypeOf(body.platform) !== body.platform_type) {
      throw tradingError.onField(
        'platform_type',
        'TRADING_INVALID_FIELD',
        `platform_type must be ${platformTypeOf(body.platform)} for ${platformName(body.platform)}.`,
      );
    }
    const info = await login(body.platform, {
      server: body.server,
      accountNumber: body.account_number,
      password: body.password,
      investorPassword: body.investor_password,
    });
    if (!isAccountCurrency(info.currency)) {
      throw tradingError(
        'TRADING_INVALID_FIELD',
        `The account is kept in ${info.currency}, a currency TradeDesk cannot book; it cannot be connected.`,
      );
    }
    const now = clock.now();
    const base = baseRow(userId, now);
    const balance = bookAmount(info.balance, info.currency);
    const row: TradingAccountRow = {
      ...base,
      name: body.name ?? `${platformName(body.platform)} ${body.account_number}`,
      kind: 'connected',
      platform: body.platform,
      platformType: body.platform_type,
      type: body.type ?? info.type,
      server: body.server,
      broker: body.broker ?? info.broker,
      username: info.username,
      accountNumber: body.account_number,
      color: body.color ?? TRADING_ACCOUNT_DEFAULT_COLOR,
      status: 'connected',
      currency: info.currency,
      startingBalance: balance,
      customBalance: false,
      balance,
      leverage: info.leverage,
      marginMode: 'hedging',
      passwordEnc: cipher.seal(body.password, base.id),
      investorPasswordEnc: body.investor_password ? cipher.seal(body.investor_password, base.id) : null,
    };
    await repo.insert(row, gate);
    return row;
  }

  return {
    /** Rows as stored, for the other trading services. */
    owned,

    async findByToken(userId: string, token: string): Promise<TradingAccountRow> {
      const row = await repo.findByToken(userId, token);
      if (!row) throw accountNotFound();
      return row;
    },

    /**
     * `findByToken` for a new order: the account and its challenge's row come in one query; `orderCheck` then
     * builds the check of the challenge's rules on new orders (undefined without a challenge) from that row, without
     * reading it again.
     */
    async findForOrder(
      userId: string,
      token: string,
    ): Promise<{ account: TradingAccountRow; orderCheck(): Promise<OrderCheck | undefined> }> {
      const found = await repo.findByTokenWithProp(userId, token);
      if (!found) throw accountNotFound();
      const { account, prop } = found;
      return { account, orderCheck: async () => hooksBox.current?.orderCheck(account, prop) };
    },

    usePropHooks(hooks: PropAccountHooks) {
      hooksBox.current = hooks;
    },

    /** The wire form of stored rows, with their prop fields. */
    present,

    async list(userId: string, status: 'all' | TradingAccountStatus): Promise<TradingAccount[]> {
      return present(userId, await repo.list(userId, status === 'all' ? undefined : status));
    },

    async get(userId: string, id: string): Promise<TradingAccount> {
      return presentOne(await owned(userId, id));
    },

    async create(userId: string, body: CreateTradingAccountBody): Promise<TradingAccount> {
      await checkLimit(userId);
      let gate: LimitGate | undefined;
      if (deps.entitlements) {
        // a prop challenge is an account of kind prop, counted by its own entitlement
        if (body.kind === 'imported') await deps.entitlements.assertIncluded(userId, 'trade_import');
        if (body.kind === 'prop')
          await deps.entitlements.assertBelow(userId, 'prop_challenges', await repo.propCount(userId));
        // held again in the insert's transaction, so two creates at once cannot both take the last place
        else gate = await deps.entitlements.gate(userId, 'trading_accounts');
      }
      const row =
        body.kind === 'virtual'
          ? await createVirtual(userId, body, gate)
          : body.kind === 'prop'
            ? await createProp(userId, body)
            : body.kind === 'imported'
              ? await createImported(userId, body, gate)
              : await connectExisting(userId, body, gate);
      return presentOne(row);
    },

    async update(userId: string, id: string, body: UpdateTradingAccountBody): Promise<TradingAccount> {
      const row = await owned(userId, id);
      await assertEditable(userId, row);
      if (row.kind !== 'connected' && (body.password !== undefined || body.investor_password !== undefined)) {
        const field = body.password !== undefined ? 'password' : 'investor_password';
        throw tradingError.onField(
          field,
          'TRADING_INVALID_FIELD',
          row.kind === 'imported'
            ? `${field} cannot be set on an imported account: it has no login, its trades come from imported reports.`
            : `${field} cannot be set on a virtual account: the virtual broker has no login.`,
        );
      }
      const patch: Partial<TradingAccountRow> = { updatedAt: clock.now() };
      if (body.name !== undefined) patch.name = body.name;
      const color = body.color ?? body.theme;
      if (color !== undefined) patch.color = color;
      if (body.broker !== undefined) patch.broker = body.broker;
      if (body.type !== undefined) patch.type = body.type;
      if (body.password !== undefined) patch.passwordEnc = cipher.seal(body.password, row.id);
      if (body.investor_password !== undefined) patch.investorPasswordEnc = cipher.seal(body.investor_password, row.id);
      const updated = await repo.update(userId, id, patch);
      if (!updated) throw accountNotFound();
      return presentOne(updated);
    },

    /** Archive: kept read-only, no longer active; refused while positions or pending orders are open. */
    async archive(userId: string, id: string): Promise<TradingAccount> {
      const row = await owned(userId, id);
      if (row.status === 'archived') return presentOne(row);
      const open = await repo.openItems(row.id);
      if (open.positions > 0 || open.orders > 0) {
        throw tradingError(
          'TRADING_ACCOUNT_HAS_OPEN_ITEMS',
          `The account has ${open.positions} open positions and ${open.orders} pending orders; close and cancel them before archiving it.`,
        );
      }
      const now = clock.now();
      const updated = await repo.update(userId, id, {
        status: 'archived',
        archivedAt: now,
        isActive: false,
        updatedAt: now,
      });
      if (!updated) throw accountNotFound();
      return presentOne(updated);
    },

    /** Deletes the account with its whole history. */
    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.delete(userId, id))) throw accountNotFound();
      await historyGone(id);
    },

    /**
     * PUT /accounts/{id}/connect: makes the account the caller's active one, logging in again through its
     * connector (a virtual account is always reachable). An archived account comes back into use.
     */
    async connect(userId: string, id: string): Promise<TradingAccount> {
      const row = await owned(userId, id);
      let patch: Partial<TradingAccountRow> = { status: 'connected', archivedAt: null, updatedAt: clock.now() };
      if (row.kind === 'connected') {
        const info = await login(row.platform as TradingPlatformId, {
          server: row.server,
          accountNumber: row.accountNumber ?? '',
          password: cipher.open(row.passwordEnc ?? '', row.id),
          investorPassword: row.investorPasswordEnc ? cipher.open(row.investorPasswordEnc, row.id) : undefined,
        });
        patch = { ...patch, balance: bookAmount(info.balance, info.currency), leverage: info.leverage };
      }
      const updated = await repo.activate(userId, id, patch);
      if (!updated) throw accountNotFound();
      return presentOne(updated);
    },

    /** POST /middleware/{platformToken}/accounts/login: logs the account in on its platform again. */
    async platformLogin(userId: string, token: string, password?: string): Promise<TradingAccountRow> {
      const row = await repo.findByToken(userId, token);
      if (!row) throw accountNotFound();
      if (row.status === 'archived') {
        throw tradingError('TRADING_ACCOUNT_ARCHIVED', 'The account is archived; connect it again before logging in.');
      }
      if (row.kind !== 'connected') return row;
      const stored = cipher.open(row.passwordEnc ?? '', row.id);
      try {
        await login(row.platform as TradingPlatformId, {
          server: row.server,
          accountNumber: row.accountNumber ?? '',
          password: password ?? stored,
          investorPassword: row.investorPasswordEnc ? cipher.open(row.investorPasswordEnc, row.id) : undefined,
        });
      } catch (error) {
        await repo.update(userId, row.id, { status: 'disconnected', updatedAt: clock.now() });
        throw error;
      }
      const patch: Partial<TradingAccountRow> = { status: 'connected', updatedAt: clock.now() };
      if (password !== undefined && password !== stored) patch.passwordEnc = cipher.seal(password, row.id);
      return (await repo.update(userId, row.id, patch)) ?? row;
    },

    /** A new platform token: the old one stops working at once. */
    async refreshToken(userId: string, id: string): Promise<{ token: string }> {
      const token = newToken(24);
      const updated = await repo.update(userId, id, { platformToken: token, updatedAt: clock.now() });
      if (!updated) throw accountNotFound();
      return { token };
    },

    /** Deletes every order, position and deal of a virtual account; its balance starts again. */
    async reset(userId: string, id: string, body: ResetTradingAccountBody): Promise<TradingAccount> {
      const row = await owned(userId, id);
      await assertEditable(userId, row);
      if (row.kind !== 'virtual') {
        throw tradingError(
          'TRADING_ACCOUNT_NOT_VIRTUAL',
          'Only a virtual account can be reset; the history of a connected account is its broker’s.',
        );
      }
      await hooksBox.current?.beforeReset(row);
      const start =
        body.starting_balance === undefined ? row.startingBalance : bookAmount(body.starting_balance, row.currency);
      const updated = await repo.reset(userId, id, start, clock.now());
      if (!updated) throw accountNotFound();
      await historyGone(id);
      return presentOne(updated);
    },

    platforms() {
      return PLATFORMS.map((p) => ({ ...p, connectorAvailable: p.id === 'virtual' || connectors.has(p.id) }));
    },

    brokers() {
      const virtual = {
        id: VIRTUAL_BROKER.id,
        name: VIRTUAL_BROKER.name,
        platforms: ['virtual' as const],
        servers: [VIRTUAL_BROKER.server],
        description: VIRTUAL_BROKER.description,
      };
      const others = connectors.all().flatMap((c) =>
        Object.entries(c.knownServers()).map(([name, servers]) => ({
          id: `${c.platform}:${name}`,
          name,
          platforms: [c.platform],
          servers,
          description: `${name} on ${platformName(c.platform)}`,
        })),
      );
      return [virtual, ...others];
    },

    /** Server names grouped by description (the broker), filtered by platform and by text in either. */
    knownServers(query: string | undefined, platform: TradingPlatformId | undefined): Record<string, string[]> {
      const groups: Array<[TradingPlatformId, Record<string, string[]>]> = [
        ['virtual', { [VIRTUAL_BROKER.name]: [VIRTUAL_BROKER.server] }],
        ...connectors.all().map((c) => [c.platform, c.knownServers()] as [TradingPlatformId, Record<string, string[]>]),
      ];
      const needle = query?.trim().toLowerCase() ?? '';
      const out: Record<string, string[]> = {};
      for (const [p, byDescription] of groups) {
        if (platform && p !== platform) continue;
        for (const [description, servers] of Object.entries(byDescription)) {
          const matches = description.toLowerCase().includes(needle)
            ? servers
            : servers.filter((s) => s.toLowerCase().includes(needle));
          if (matches.length > 0) out[description] = [...(out[description] ?? []), ...matches];
        }
      }
      return out;
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
