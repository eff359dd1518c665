import type { HelpCenterTab } from '@tradedesk/contracts';
import type { ComponentType } from 'react';
import { DocsTab } from './docs/docs-tab';
import { postTabs } from './posts/posts-tabs';
import { TicketsTab } from './tickets/tickets-tab';

/**
 * The help center's tabs (route /help/:tab/:id?), each owned by its slice, in the order of HELP_CENTER_TABS. A tab
 * shows its list, or the item `itemId` when the route names one.
 */
export type HelpTab = { id: HelpCenterTab; label: string; Component: ComponentType<{ itemId?: string }> };

export const helpTabs: HelpTab[] = [];
helpTabs.push({ id: 'docs', label: 'Docs', Component: DocsTab });
helpTabs.push(...postTabs);

// Tickets (slice D): the user's support tickets.
helpTabs.push({ id: 'tickets', label: 'Tickets', Component: TicketsTab });
