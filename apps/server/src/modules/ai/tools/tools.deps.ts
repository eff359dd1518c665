import type { SimulatedMarket } from '@tradedesk/core';
import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db.js';
import type { AlertsService } from '../../alerts/alerts.service.js';
import type { CalendarService } from '../../calendar/calendar.service.js';
import type { ComplianceService } from '../../compliance/compliance.service.js';
import type { JournalService } from '../../journal/journal.service.js';
import type { JournalAnnotationsService } from '../../journal/journal-annotations.service.js';
import type { JournalMistakesService } from '../../journal/journal-mistakes.service.js';
import type { MarketHistoryService } from '../../market/market.history.service.js';
import type { IndicatorsService } from '../../market/market.indicators.service.js';
import type { MetricsService } from '../../metrics/metrics.service.js';
import type { NewsService } from '../../news/news.service.js';
import type { PropService } from '../../prop/prop.service.js';
import type { StrategiesService } from '../../strategies/strategies.service.js';
import type { AccountsService } from '../../trading/accounts.service.js';
import type { TradesService } from '../../trading/trades.service.js';
import type { UsersService } from '../../users/users.service.js';
import type { WatchlistsService } from '../../watchlists/watchlists.service.js';
import type { KnowledgeSearch } from '../ai.types.js';

/**
 * What the tools read and act through: other modules' services, each narrowed to the calls used. Every call takes
 * the caller's user id, so a tool can only ever reach the caller's own records (the services scope their queries).
 */
export type AiToolsDeps = {
  db: Db;
  clock: Clock;
  market: SimulatedMarket;
  users: Pick<UsersService, 'getById'>;
  accounts: Pick<AccountsService, 'list' | 'owned'>;
  trades: Pick<TradesService, 'snapshotOf'>;
  metrics: Pick<MetricsService, 'metrics' | 'closedTrades'>;
  props: Pick<PropService, 'goals'>;
  history: Pick<MarketHistoryService, 'candles'>;
  indicators: Pick<IndicatorsService, 'calculate'>;
  calendar: Pick<CalendarService, 'economicList' | 'earningsList'>;
  news: Pick<NewsService, 'list'>;
  strategies: Pick<StrategiesService, 'list' | 'get' | 'approaches'>;
  compliance: Pick<ComplianceService, 'compliance'>;
  journal: Pick<JournalService, 'calendar' | 'day' | 'saveDay'>;
  annotations: Pick<JournalAnnotationsService, 'trade' | 'annotate'>;
  mistakes: Pick<JournalMistakesService, 'list' | 'create'>;
  watchlists: Pick<WatchlistsService, 'list' | 'get' | 'create' | 'addSymbol'>;
  alerts: Pick<AlertsService, 'create'>;
  /** Retrieval over the caller's documents (ai-knowledge); null until it is wired: search_knowledge says so. */
  knowledge: KnowledgeSearch | null;
};
