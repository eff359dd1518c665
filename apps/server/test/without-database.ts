/**
 * Server test files that open no database (pure units of the platform and of services): running them a second
 * time on PostgreSQL would test nothing new. A file that starts using a database must leave this list, or it is
 * run on PGlite only; no-database-list.test.ts checks the list against the files.
 */
export const withoutDatabase: string[] = [
  'src/cli/progress-line.test.ts',
  'src/config.test.ts',
  'src/modules/ai/agents/agents.sse.test.ts',
  'src/modules/ai/agents/research.planner.test.ts',
  'src/modules/ai/analyst/analyst.test.ts',
  'src/modules/ai/analyst/intent.test.ts',
  'src/modules/ai/engine/ai-config.test.ts',
  'src/modules/ai/engine/openai-provider.test.ts',
  'src/modules/ai/engine/orchestrator.test.ts',
  'src/modules/ai/knowledge/knowledge.chunk.test.ts',
  'src/modules/ai/knowledge/knowledge.extract.test.ts',
  'src/modules/ai/knowledge/knowledge.links.test.ts',
  'src/modules/ai/knowledge/knowledge.ocr.test.ts',
  'src/modules/auth/auth.device.test.ts',
  'src/modules/calendar/calendar.feeds.test.ts',
  'src/modules/candles/import-versions.test.ts',
  'src/modules/journal/journal.news.test.ts',
  'src/modules/market-feed/market-feed.interest.test.ts',
  'src/modules/market-feed/market-feed.job.test.ts',
  'src/modules/market-feed/market-feed.service.test.ts',
  'src/modules/prop/prop.news.test.ts',
  'src/platform/bus/event-bus.test.ts',
  'src/platform/errors.test.ts',
  'src/platform/jobs/job-runner.test.ts',
  'src/platform/limits/limiter-store.test.ts',
  'src/platform/logger.test.ts',
  'src/platform/ws/ws-connection.test.ts',
  'src/platform/ws/ws-gateway.test.ts',
];
