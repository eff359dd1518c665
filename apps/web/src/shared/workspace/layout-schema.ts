import type { SerializedDockview } from 'dockview-react';
import { z } from 'zod';

// The parts of dockview's serialised layout that must be there for fromJSON to work; the rest passes through.
const savedLayoutSchema = z.looseObject({
  grid: z.looseObject({
    root: z.looseObject({ type: z.enum(['branch', 'leaf']), data: z.unknown() }),
    height: z.number(),
    width: z.number(),
    orientation: z.enum(['HORIZONTAL', 'VERTICAL']),
  }),
  panels: z.record(z.string(), z.looseObject({ id: z.string(), contentComponent: z.string().optional() })),
  activeGroup: z.string().optional(),
});

/**
 * A saved docking layout checked against the panels the screen has today: null when it is not a layout or
 * names a panel that no longer exists (the screen then starts from its default layout).
 */
export function parseSavedLayout(state: unknown, panelIds: ReadonlySet<string>): SerializedDockview | null {
  const parsed = savedLayoutSchema.safeParse(state);
  if (!parsed.success) return null;
  const panels = Object.values(parsed.data.panels);
  if (panels.length === 0) return null;
  if (!panels.every((p) => panelIds.has(p.contentComponent ?? p.id))) return null;
  return parsed.data as unknown as SerializedDockview;
}
