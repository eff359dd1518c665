// Every Drizzle table of every module, collected for drizzle-kit and the typed query API.

export * from '../modules/ai/agents/agents.table.js';
export * from '../modules/ai/chats/chats.table.js';
export * from '../modules/ai/engine/models.table.js';
export * from '../modules/ai/knowledge/knowledge.table.js';
export * from '../modules/ai/tools/tools.table.js';
export * from '../modules/alerts/alerts.table.js';
export * from '../modules/auth/auth.table.js';
export * from '../modules/backtests/backtests.table.js';
export * from '../modules/calendar/calendar.table.js';
export * from '../modules/candles/candles.table.js';
export * from '../modules/charts/charts.table.js';
export * from '../modules/imports/imports.table.js';
export * from '../modules/journal/journal.table.js';
export * from '../modules/metrics/metrics.table.js';
export * from '../modules/news/news.table.js';
export * from '../modules/notifications/notifications.table.js';
export * from '../modules/prop/prop.table.js';
export * from '../modules/social/feed/feed.table.js';
export * from '../modules/social/social.table.js';
export * from '../modules/strategies/strategies.table.js';
export * from '../modules/trading/trade-shares.table.js';
export * from '../modules/trading/trading.table.js';
export * from '../modules/user-data/user-data.table.js';
export * from '../modules/users/users.table.js';
export * from '../modules/watchlists/watchlists.table.js';
export * from '../platform/mail/mail.table.js';
