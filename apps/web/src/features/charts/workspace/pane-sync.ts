import type { ChartEngine } from '../components/chart-engine';
import { NO_SYNC, type SyncFlags } from './workspace-model';

type TimeRange = { from: number; to: number };

/**
 * Crosshair and time sync between the workspace's charts. Only the chart under the pointer leads: the others
 * follow it, and what they do in turn (their own crosshair and range events) is not sent back, so two charts
 * never echo each other.
 */
export class PaneSync {
  flags: SyncFlags = NO_SYNC;
  private readonly engines = new Map<string, () => ChartEngine | null>();
  private leader: string | null = null;

  register(id: string, engine: () => ChartEngine | null): () => void {
    this.engines.set(id, engine);
    return () => {
      this.engines.delete(id);
      if (this.leader === id) this.leader = null;
    };
  }

  /** The pointer entered (or left, `null`) a chart. */
  lead(id: string | null): void {
    if (id === null && this.leader !== null && this.flags.crosshair) this.crosshair(this.leader, null);
    this.leader = id;
  }

  crosshair(from: string, time: number | null): void {
    if (!this.flags.crosshair || from !== this.leader) return;
    for (const [id, engine] of this.engines) if (id !== from) engine()?.showCrosshairAt(time);
  }

  range(from: string, range: TimeRange | null): void {
    if (!this.flags.time || from !== this.leader || !range) return;
    for (const [id, engine] of this.engines) {
      if (id === from) continue;
      try {
        engine()
          ?.chart.timeScale()
          .setVisibleRange(range as never);
      } catch {
        // A chart without bars in that range keeps its own view.
      }
    }
  }
}
