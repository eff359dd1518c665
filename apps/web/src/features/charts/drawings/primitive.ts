import type {
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesPrimitive,
  PrimitiveHoveredItem,
  SeriesAttachedParameter,
  Time,
} from 'lightweight-charts';
import type { Projection } from './geometry';
import type { ChartDrawing } from './model';
import { drawDrawing, type RenderContext } from './render';

type CanvasTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

export type DrawingsSource = {
  view(): readonly ChartDrawing[];
  projection(): Projection | null;
  renderContext(): RenderContext;
};

class DrawingsRenderer implements IPrimitivePaneRenderer {
  constructor(private readonly source: DrawingsSource) {}

  draw(target: CanvasTarget): void {
    const proj = this.source.projection();
    if (!proj) return;
    const drawings = this.source.view();
    if (drawings.length === 0) return;
    const rc = this.source.renderContext();
    // biome-ignore lint/correctness/useHookAtTopLevel: fancy-canvas's method, not a React hook
    target.useMediaCoordinateSpace(({ context }) => {
      for (const d of drawings) if (!d.hidden) drawDrawing(context, d, proj, rc);
    });
  }
}

class DrawingsPaneView implements IPrimitivePaneView {
  private readonly r: DrawingsRenderer;
  constructor(source: DrawingsSource) {
    this.r = new DrawingsRenderer(source);
  }
  zOrder() {
    return 'top' as const;
  }
  renderer() {
    return this.r;
  }
}

/**
 * Every drawing of the chart as one series primitive on the main series: the library calls its pane view
 * each frame, which asks the controller for the drawings to show and projects them with the chart's scales.
 */
export class DrawingsPrimitive implements ISeriesPrimitive<Time> {
  private readonly views: readonly IPrimitivePaneView[];
  private requestUpdate: (() => void) | null = null;

  constructor(source: DrawingsSource) {
    this.views = [new DrawingsPaneView(source)];
  }

  attached(param: SeriesAttachedParameter<Time>): void {
    this.requestUpdate = param.requestUpdate;
  }

  detached(): void {
    this.requestUpdate = null;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.views;
  }

  /** Redraws the pane (a drawing changed without the chart's data or scales changing). */
  update(): void {
    this.requestUpdate?.();
  }

  hitTest(): PrimitiveHoveredItem | null {
    // Pointer handling is the controller's own (it must take presses before the chart pans).
    return null;
  }
}
