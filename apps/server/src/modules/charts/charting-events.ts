import { CHARTING_SAVED_EVENT, type ChartingSaved } from '@tradedesk/contracts';
import type { EventBus } from '../../platform/bus/event-bus.js';
import { userBusChannel } from '../../platform/ws/ws-gateway.js';

/** Tells the user's other tabs (their `user` channel) that a chart, layout or entry was saved or deleted. */
export type ChartingEvents = (userId: string, saved: ChartingSaved) => void;

export function chartingEvents(bus: Pick<EventBus, 'publish'>): ChartingEvents {
  return (userId, saved) => {
    // best effort: a tab that misses it still gets the 409 when it saves
    bus.publish({ channel: userBusChannel(userId), event: CHARTING_SAVED_EVENT, data: saved }).catch(() => {});
  };
}

export const noChartingEvents: ChartingEvents = () => {};
