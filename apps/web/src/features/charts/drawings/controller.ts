import {
  fromPixel,
  hitTestDrawings,
  magnetize,
  moveHandle,
  type OhlcBar,
  type Pixel,
  type Projection,
  translateDrawing,
} from './geometry';
import { type ChartDrawing, constrainPosition, type DrawingPoint, type DrawingTool, pointsToPlace } from './model';

/** Pixels the pointer must travel before a press becomes a drag (a shorter one is a click). */
export const DRAG_THRESHOLD = 4;

export type ControllerEvents = {
  /** A finished change the user made: one undo step. */
  commit(next: ChartDrawing[]): void;
  select(id: string | null): void;
  /** The tool went back to the cursor (a drawing was placed without stay-in-drawing, or Escape). */
  toolDone(): void;
  /** Something to redraw (a preview moved). */
  redraw(): void;
};

type Drag =
  | { kind: 'move'; id: string; start: Pixel; startLogical: number; startPrice: number; moved: boolean }
  | { kind: 'handle'; id: string; handle: number; start: Pixel; moved: boolean }
  | { kind: 'brush'; drawing: ChartDrawing; last: Pixel };

type Placing = { drawing: ChartDrawing; placed: number; downAt: Pixel };

let seq = 0;
/** A new drawing's id until the server gives it one. */
export function newDrawingId(): string {
  seq += 1;
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `local-${Date.now()}-${seq}`;
}

/**
 * The chart's drawing interactions, apart from any canvas: placing a drawing with clicks (or one press and
 * drag), selecting, moving, resizing by handles, the magnet and stay-in-drawing mode. The chart engine feeds
 * it pointer positions in pane pixels and draws `view()`; React holds the committed list and its undo history
 * and hands it back through `setDrawings`. A change in progress is kept here, so only finished changes reach
 * the history.
 */
export class DrawingController {
  private drawings: ChartDrawing[] = [];
  private preview: ChartDrawing | null = null;
  private placing: Placing | null = null;
  private drag: Drag | null = null;
  private hover: string | null = null;
  selectedId: string | null = null;
  tool: DrawingTool | null = null;
  magnet = false;
  stayInDrawing = false;
  /** Smallest price step (the instrument's point), for keeping positions valid. */
  tick = 0.00001;
  /** Style given to new drawings of a tool (the last one the user chose for it). */
  styleFor: (tool: DrawingTool) => ChartDrawing['style'] = () => ({});
  private bars: readonly OhlcBar[] = [];

  constructor(
    private projection: () => Projection | null,
    private readonly events: ControllerEvents,
  ) {}

  setDrawings(drawings: readonly ChartDrawing[]): void {
    this.drawings = [...drawings];
    if (this.selectedId && !drawings.some((d) => d.id === this.selectedId)) this.select(null);
    this.events.redraw();
  }

  setBars(bars: readonly OhlcBar[]): void {
    this.bars = bars;
  }

  setTool(tool: DrawingTool | null): void {
    this.tool = tool;
    this.placing = null;
    if (tool) this.select(null);
    this.events.redraw();
  }

  /** What to draw: the committed drawings with the change in progress applied, and the drawing being placed. */
  view(): ChartDrawing[] {
    const list = this.preview
      ? this.drawings.map((d) => (d.id === this.preview!.id ? this.preview! : d))
      : this.drawings;
    const placing = this.placing?.drawing ?? (this.drag?.kind === 'brush' ? this.drag.drawing : null);
    return placing ? [...list, placing] : list;
  }

  get hoveredId(): string | null {
    return this.hover;
  }

  /** Whether a press at this point is the controller's (the chart must not pan). */
  wantsPointer(p: Pixel): boolean {
    if (this.tool || this.placing) return true;
    const proj = this.projection();
    if (!proj) return false;
    const hit = hitTestDrawings(this.drawings, p, proj, this.selectedId);
    return hit !== null;
  }

  /** The cursor to show at a point. */
  cursorAt(p: Pixel): string | null {
    if (this.tool || this.placing) return 'crosshair';
    const proj = this.projection();
    if (!proj) return null;
    const hit = hitTestDrawings(this.drawings, p, proj, this.selectedId);
    if (!hit) return null;
    const locked = this.drawings.find((d) => d.id === hit.id)?.locked;
    if (locked) return 'pointer';
    return hit.part === 'handle' ? 'move' : 'grab';
  }

  private point(p: Pixel, proj: Projection): DrawingPoint | null {
    const pt = fromPixel(p, proj, true);
    if (!pt) return null;
    if (!this.magnet) return pt;
    let bar: OhlcBar | undefined;
    let lo = 0;
    let hi = this.bars.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const t = this.bars[mid]!.time;
      if (t === pt.time) {
        bar = this.bars[mid];
        break;
      }
      if (t < pt.time) lo = mid + 1;
      else hi = mid - 1;
    }
    return magnetize(pt, bar);
  }

  pointerDown(p: Pixel): boolean {
    const proj = this.projection();
    if (!proj) return false;
    if (this.placing) {
      const pt = this.point(p, proj);
      if (pt) this.placeNext(pt, p);
      return true;
    }
    if (this.tool) {
      const pt = this.point(p, proj);
      if (!pt) return true;
      this.startPlacing(this.tool, pt, p);
      return true;
    }
    const hit = hitTestDrawings(this.drawings, p, proj, this.selectedId);
    if (!hit) {
      this.select(null);
      return false;
    }
    this.select(hit.id);
    const target = this.drawings.find((d) => d.id === hit.id);
    if (!target || target.locked) return true;
    if (hit.part === 'handle') {
      this.drag = { kind: 'handle', id: hit.id, handle: hit.handle, start: p, moved: false };
    } else {
      this.drag = {
        kind: 'move',
        id: hit.id,
        start: p,
        startLogical: proj.xToLogical(p.x) ?? 0,
        startPrice: proj.yToPrice(p.y) ?? 0,
        moved: false,
      };
    }
    return true;
  }

  pointerMove(p: Pixel): void {
    const proj = this.projection();
    if (!proj) return;
    if (this.drag?.kind === 'brush') {
      if (Math.hypot(p.x - this.drag.last.x, p.y - this.drag.last.y) < 2) return;
      const pt = fromPixel(p, proj, false);
      if (!pt) return;
      const points = this.drag.drawing.points;
      if (points.length >= 2000) return;
      this.drag = { ...this.drag, drawing: { ...this.drag.drawing, points: [...points, pt] }, last: p };
      this.events.redraw();
      return;
    }
    if (this.placing) {
      const pt = this.point(p, proj);
      if (!pt) return;
      const { drawing, placed } = this.placing;
      const points = drawing.points.map((old, i) => (i >= placed ? pt : old));
      this.placing = { ...this.placing, drawing: this.shapeWhilePlacing({ ...drawing, points }, placed) };
      this.events.redraw();
      return;
    }
    if (this.drag) {
      const d = this.drag;
      if (!d.moved && Math.hypot(p.x - d.start.x, p.y - d.start.y) < DRAG_THRESHOLD) return;
      d.moved = true;
      const base = this.drawings.find((x) => x.id === d.id);
      if (!base) return;
      if (d.kind === 'move') {
        const logical = proj.xToLogical(p.x);
        const price = proj.yToPrice(p.y);
        if (logical === null || price === null) return;
        const dLogical = Math.round(logical - d.startLogical);
        this.preview = translateDrawing(base, dLogical, price - d.startPrice, proj.index);
      } else {
        const pt = this.point(p, proj);
        if (!pt) return;
        this.preview = constrainPosition(moveHandle(base, d.handle, pt), this.tick);
      }
      this.events.redraw();
      return;
    }
    const proj2 = proj;
    const hit = hitTestDrawings(this.drawings, p, proj2, this.selectedId);
    const hover = hit?.id ?? null;
    if (hover !== this.hover) {
      this.hover = hover;
      this.events.redraw();
    }
  }

  pointerUp(p: Pixel): void {
    const proj = this.projection();
    if (this.drag?.kind === 'brush') {
      const drawing = this.drag.drawing;
      this.drag = null;
      if (drawing.points.length >= 2) this.finish(drawing);
      else this.events.redraw();
      return;
    }
    if (this.placing && proj) {
      const { placed, downAt } = this.placing;
      // A press dragged far enough places the next point where it is let go (press-drag-release drawing).
      if (placed >= 1 && Math.hypot(p.x - downAt.x, p.y - downAt.y) >= DRAG_THRESHOLD * 2) {
        const pt = this.point(p, proj);
        if (pt) this.placeNext(pt, p);
      }
      return;
    }
    if (this.drag) {
      const moved = this.drag.moved;
      this.drag = null;
      const preview = this.preview;
      this.preview = null;
      if (moved && preview) this.emit(this.drawings.map((d) => (d.id === preview.id ? preview : d)));
      else this.events.redraw();
    }
  }

  /** Escape: stops placing, or drops the tool, or clears the selection. */
  cancel(): void {
    if (this.placing || this.drag) {
      this.placing = null;
      this.drag = null;
      this.preview = null;
    } else if (this.tool) {
      this.tool = null;
      this.events.toolDone();
    } else this.select(null);
    this.events.redraw();
  }

  /** Applies a finished change here at once and hands it to the history. */
  private emit(next: ChartDrawing[]): void {
    this.drawings = next;
    this.events.commit(next);
  }

  /** Selects a drawing (from the drawings list) or nothing. */
  select(id: string | null): void {
    if (id === this.selectedId) return;
    this.selectedId = id;
    this.events.select(id);
    this.events.redraw();
  }

  private startPlacing(tool: DrawingTool, pt: DrawingPoint, p: Pixel): void {
    const base: ChartDrawing = {
      id: newDrawingId(),
      tool,
      points: [pt],
      style: { ...this.styleFor(tool) },
      locked: false,
      hidden: false,
      ...(tool === 'text' ? { text: 'Text' } : tool === 'callout' ? { text: 'Note' } : {}),
    };
    if (tool === 'brush') {
      this.drag = { kind: 'brush', drawing: base, last: p };
      return;
    }
    const total = pointsToPlace(tool);
    if (this.isPosition(tool)) {
      // A position is placed with one click: its stop and target start at a default distance from the entry.
      this.finish(this.shapeWhilePlacing(base, 1));
      return;
    }
    if (total === 1) {
      this.finish(base);
      return;
    }
    const drawing = { ...base, points: Array.from({ length: total }, () => ({ ...pt })) };
    this.placing = { drawing: this.shapeWhilePlacing(drawing, 1), placed: 1, downAt: p };
    this.events.redraw();
  }

  private placeNext(pt: DrawingPoint, p: Pixel): void {
    if (!this.placing) return;
    const { drawing, placed } = this.placing;
    const points = drawing.points.map((old, i) => (i >= placed ? pt : old));
    const next = placed + 1;
    const shaped = this.shapeWhilePlacing({ ...drawing, points }, next);
    if (next >= shaped.points.length) {
      this.placing = null;
      this.finish(shaped);
      return;
    }
    this.placing = { drawing: shaped, placed: next, downAt: p };
    this.events.redraw();
  }

  private isPosition(tool: DrawingTool): boolean {
    return tool === 'long_position' || tool === 'short_position';
  }

  /** A position being placed: its stop and target are set from the entry and the pointer (or a default). */
  private shapeWhilePlacing(drawing: ChartDrawing, _placed: number): ChartDrawing {
    if (!this.isPosition(drawing.tool)) return drawing;
    const [entry, second] = drawing.points as [DrawingPoint, DrawingPoint];
    const sign = drawing.tool === 'long_position' ? 1 : -1;
    const proj = this.projection();
    const span =
      second && Math.abs(second.price - entry.price) > 0
        ? Math.abs(second.price - entry.price)
        : Math.max(this.tick * 100, Math.abs(entry.price) * 0.002);
    const right =
      second && second.time > entry.time
        ? second.time
        : proj
          ? proj.index.logicalToTime(proj.index.timeToLogical(entry.time) + 20)
          : entry.time;
    return constrainPosition(
      {
        ...drawing,
        points: [
          entry,
          { time: right, price: entry.price - sign * span },
          { time: right, price: entry.price + sign * span * 2 },
        ],
      },
      this.tick,
    );
  }

  private finish(drawing: ChartDrawing): void {
    this.placing = null;
    this.emit([...this.drawings, drawing]);
    this.select(drawing.id);
    if (!this.stayInDrawing) {
      this.tool = null;
      this.events.toolDone();
    }
    this.events.redraw();
  }
}
