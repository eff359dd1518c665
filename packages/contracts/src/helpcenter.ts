import { z } from 'zod';
import { wholeNumber } from './query.js';
import { line } from './text.js';

/**
 * The help center (issue 18): the user guide (docs), bug reports, feature requests with votes, announcements,
 * updates (the changelog), tutorials and support tickets, with one search across all of it. Each part's calls are
 * in its own file (helpcenter-docs.ts, helpcenter-posts.ts, helpcenter-tickets.ts); this one holds what they share.
 */

/** The help center's tabs in the web, in order; docs is the default. */
export const HELP_CENTER_TABS = ['docs', 'bugs_report', 'all_requests', 'whats_new', 'tutorials', 'tickets'] as const;
export type HelpCenterTab = (typeof HELP_CENTER_TABS)[number];

/** Page defaults of the help-center lists (spec section 9: ticket list page 1); at most 50 a page. */
export const HELP_PAGE_DEFAULTS = { page: 1, limit: 10 } as const;
export const HELP_PAGE_MAX_LIMIT = 50;

/** page and limit of every help-center list. */
export const helpPageQuerySchema = z.object({
  page: wholeNumber('page', 100_000).default(HELP_PAGE_DEFAULTS.page),
  limit: wholeNumber('limit', HELP_PAGE_MAX_LIMIT).default(HELP_PAGE_DEFAULTS.limit),
});
export type HelpPageQuery = z.infer<typeof helpPageQuerySchema>;

/** What a search hit is. */
export const HELP_SEARCH_KINDS = [
  'article',
  'faq',
  'bug',
  'feature',
  'announcement',
  'update',
  'tutorial',
  'ticket',
] as const;
export type HelpSearchKind = (typeof HELP_SEARCH_KINDS)[number];

/** GET /helpcenter/search?q&limit: the guide, the posts and the caller's own tickets, best first. */
export const helpSearchQuerySchema = z.object({
  q: line('q', 200, { min: 1 }),
  limit: wholeNumber('limit', 50).default(20),
});
export type HelpSearchQuery = z.infer<typeof helpSearchQuerySchema>;

export const helpSearchHitSchema = z.object({
  kind: z.enum(HELP_SEARCH_KINDS),
  id: z.string(),
  title: z.string(),
  /** A plain-text extract around the match. */
  snippet: z.string(),
  /** Where the web shows it: `/help/docs/getting-started`, `/help/all_requests/{id}`, `/help/tickets/{id}`. */
  path: z.string(),
  /** Higher is better; hits of every source are merged by it. */
  score: z.number(),
});
export type HelpSearchHit = z.infer<typeof helpSearchHitSchema>;

export const helpSearchResultSchema = z.object({ q: z.string(), hits: z.array(helpSearchHitSchema) });
export type HelpSearchResult = z.infer<typeof helpSearchResultSchema>;
