import {
  boxOf,
  channelOffset,
  extendSegment,
  HANDLE_RADIUS,
  handlePixels,
  type Pixel,
  type Projection,
  pixelsOf,
  textBox,
} from './geometry';
import {
  type ChartDrawing,
  fibExtensionPrice,
  fibLevelPrice,
  positionFigures,
  type ResolvedStyle,
  rangeFigures,
  resolveStyle,
} from './model';

/** How labels on drawings show prices and durations (the instrument's digits, the chart's bar length). */
export type RenderContext = {
  formatPrice(price: number): string;
  barSeconds: number;
  selectedId: string | null;
  hoveredId: string | null;
  /** Handle fill: the chart's background, so handles read as rings. */
  background: string;
};

function dash(ctx: CanvasRenderingContext2D, style: ResolvedStyle): void {
  const w = style.lineWidth;
  ctx.setLineDash(style.lineStyle === 'dashed' ? [6 * w, 4 * w] : style.lineStyle === 'dotted' ? [w, 2 * w] : []);
}

function segment(ctx: CanvasRenderingContext2D, a: Pixel, b: Pixel): void {
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(b.x, b.y);
  ctx.stroke();
}

function label(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  color: string,
  align: CanvasTextAlign = 'left',
) {
  ctx.save();
  ctx.setLineDash([]);
  ctx.font = '11px Inter, system-ui, sans-serif';
  ctx.textAlign = align;
  ctx.textBaseline = 'middle';
  ctx.fillStyle = color;
  ctx.fillText(text, x, y);
  ctx.restore();
}

function boxLabel(ctx: CanvasRenderingContext2D, lines: string[], cx: number, cy: number, bg: string) {
  ctx.save();
  ctx.setLineDash([]);
  ctx.font = '11px Inter, system-ui, sans-serif';
  const w = Math.max(...lines.map((l) => ctx.measureText(l).width)) + 12;
  const h = lines.length * 15 + 6;
  ctx.fillStyle = bg;
  ctx.fillRect(cx - w / 2, cy - h / 2, w, h);
  ctx.fillStyle = '#FFFFFF';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const [i, l] of lines.entries()) ctx.fillText(l, cx, cy - h / 2 + 3 + 7.5 + i * 15);
  ctx.restore();
}

function arrowHead(ctx: CanvasRenderingContext2D, from: Pixel, to: Pixel, size: number) {
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  ctx.beginPath();
  ctx.moveTo(to.x, to.y);
  ctx.lineTo(to.x - size * Math.cos(angle - Math.PI / 7), to.y - size * Math.sin(angle - Math.PI / 7));
  ctx.lineTo(to.x - size * Math.cos(angle + Math.PI / 7), to.y - size * Math.sin(angle + Math.PI / 7));
  ctx.closePath();
  ctx.fill();
}

function drawText(ctx: CanvasRenderingContext2D, anchor: Pixel, text: string, style: ResolvedStyle, fill?: string) {
  const [a, b] = textBox(anchor, text, style.fontSize);
  ctx.save();
  ctx.setLineDash([]);
  if (fill) {
    ctx.fillStyle = fill;
    ctx.fillRect(a.x, a.y, b.x - a.x, b.y - a.y);
  }
  ctx.fillStyle = fill ? style.textColor : style.color;
  ctx.font = `${style.fontSize}px Inter, system-ui, sans-serif`;
  ctx.textBaseline = 'top';
  for (const [i, line] of text.split('\n').entries()) ctx.fillText(line, a.x + 4, a.y + 3 + i * style.fontSize * 1.3);
  ctx.restore();
}

/** Draws one drawing in the pane's CSS pixels. */
export function drawDrawing(ctx: CanvasRenderingContext2D, d: ChartDrawing, proj: Projection, rc: RenderContext): void {
  const pts = pixelsOf(d, proj);
  if (!pts || pts.length === 0) return;
  const style = resolveStyle(d);
  const { width, height } = proj;
  const hovered = rc.hoveredId === d.id || rc.selectedId === d.id;
  ctx.save();
  ctx.strokeStyle = style.color;
  ctx.fillStyle = style.fillColor;
  ctx.lineWidth = style.lineWidth + (hovered ? 0.5 : 0);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  dash(ctx, style);
  const [a, b, c] = pts as [Pixel, Pixel | undefined, Pixel | undefined];
  switch (d.tool) {
    case 'trend_line':
    case 'ray':
    case 'extended_line':
    case 'arrow': {
      if (!b) break;
      const [p, q] = extendSegment(a, b, style.extendLeft, style.extendRight, width, height);
      segment(ctx, p, q);
      if (d.tool === 'arrow') {
        ctx.fillStyle = style.color;
        arrowHead(ctx, a, b, 8 + style.lineWidth * 2);
      }
      if (d.text) label(ctx, d.text, (a.x + b.x) / 2, (a.y + b.y) / 2 - 10, style.color, 'center');
      break;
    }
    case 'horizontal_line':
      segment(ctx, { x: 0, y: a.y }, { x: width, y: a.y });
      label(ctx, rc.formatPrice(d.points[0]!.price), width - 4, a.y - 8, style.color, 'right');
      break;
    case 'horizontal_ray':
      segment(ctx, a, { x: width, y: a.y });
      label(ctx, rc.formatPrice(d.points[0]!.price), width - 4, a.y - 8, style.color, 'right');
      break;
    case 'vertical_line':
      segment(ctx, { x: a.x, y: 0 }, { x: a.x, y: height });
      break;
    case 'parallel_channel': {
      if (!b || !c) break;
      const off = channelOffset(a, b, c);
      const a2 = { x: a.x, y: a.y + off };
      const b2 = { x: b.x, y: b.y + off };
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.lineTo(b2.x, b2.y);
      ctx.lineTo(a2.x, a2.y);
      ctx.closePath();
      ctx.fill();
      segment(ctx, a, b);
      segment(ctx, a2, b2);
      ctx.save();
      ctx.setLineDash([4, 4]);
      ctx.lineWidth = 1;
      segment(ctx, { x: a.x, y: a.y + off / 2 }, { x: b.x, y: b.y + off / 2 });
      ctx.restore();
      break;
    }
    case 'rectangle': {
      const [p, q] = boxOf(d, pts);
      ctx.fillRect(Math.min(p.x, q.x), Math.min(p.y, q.y), Math.abs(q.x - p.x), Math.abs(q.y - p.y));
      ctx.strokeRect(Math.min(p.x, q.x), Math.min(p.y, q.y), Math.abs(q.x - p.x), Math.abs(q.y - p.y));
      if (d.text) label(ctx, d.text, (p.x + q.x) / 2, Math.min(p.y, q.y) - 8, style.color, 'center');
      break;
    }
    case 'ellipse': {
      if (!b) break;
      ctx.beginPath();
      ctx.ellipse(
        (a.x + b.x) / 2,
        (a.y + b.y) / 2,
        Math.abs(b.x - a.x) / 2,
        Math.abs(b.y - a.y) / 2,
        0,
        0,
        Math.PI * 2,
      );
      ctx.fill();
      ctx.stroke();
      break;
    }
    case 'fib_retracement':
    case 'fib_extension': {
      if (!b) break;
      const [s, e, f] = d.points;
      const left = Math.min(a.x, b.x, c?.x ?? a.x);
      const right = style.extendRight ? width : Math.max(a.x, b.x, c?.x ?? b.x);
      ctx.save();
      ctx.setLineDash([3, 3]);
      ctx.lineWidth = 1;
      segment(ctx, a, b);
      if (c) segment(ctx, b, c);
      ctx.restore();
      for (const level of style.fibLevels) {
        if (!level.visible) continue;
        const price =
          d.tool === 'fib_retracement'
            ? fibLevelPrice(s!.price, e!.price, level.value)
            : fibExtensionPrice(s!.price, e!.price, f?.price ?? e!.price, level.value);
        const y = proj.priceToY(price);
        if (y === null) continue;
        segment(ctx, { x: left, y }, { x: right, y });
        if (style.showLabels) label(ctx, `${level.value} (${rc.formatPrice(price)})`, left + 2, y - 7, style.color);
      }
      break;
    }
    case 'price_range':
    case 'date_range': {
      if (!b) break;
      const x0 = Math.min(a.x, b.x);
      const y0 = Math.min(a.y, b.y);
      ctx.fillRect(x0, y0, Math.abs(b.x - a.x), Math.abs(b.y - a.y));
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      if (d.tool === 'price_range') {
        segment(ctx, { x: x0, y: a.y }, { x: x0 + Math.abs(b.x - a.x), y: a.y });
        segment(ctx, { x: x0, y: b.y }, { x: x0 + Math.abs(b.x - a.x), y: b.y });
        ctx.fillStyle = style.color;
        arrowHead(ctx, { x: mid.x, y: a.y }, { x: mid.x, y: b.y }, 7);
        segment(ctx, { x: mid.x, y: a.y }, { x: mid.x, y: b.y });
      } else {
        segment(ctx, { x: a.x, y: y0 }, { x: a.x, y: y0 + Math.abs(b.y - a.y) });
        segment(ctx, { x: b.x, y: y0 }, { x: b.x, y: y0 + Math.abs(b.y - a.y) });
        ctx.fillStyle = style.color;
        arrowHead(ctx, { x: a.x, y: mid.y }, { x: b.x, y: mid.y }, 7);
        segment(ctx, { x: a.x, y: mid.y }, { x: b.x, y: mid.y });
      }
      if (style.showLabels) {
        const f = rangeFigures(d.points[0]!, d.points[1]!, rc.barSeconds);
        const sign = f.change >= 0 ? '+' : '−';
        const lines =
          d.tool === 'price_range'
            ? [`${sign}${rc.formatPrice(Math.abs(f.change))} (${sign}${Math.abs(f.changePercent).toFixed(2)}%)`]
            : [`${Math.abs(f.bars)} bars, ${formatDuration(Math.abs(f.seconds))}`];
        boxLabel(ctx, lines, mid.x, Math.max(a.y, b.y) + 16, style.color);
      }
      break;
    }
    case 'text':
      drawText(ctx, a, d.text ?? '', style);
      break;
    case 'callout': {
      if (!b) break;
      segment(ctx, a, b);
      drawText(ctx, b, d.text ?? '', style, style.fillColor);
      break;
    }
    case 'brush': {
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      for (let i = 1; i < pts.length; i++) ctx.lineTo(pts[i]!.x, pts[i]!.y);
      ctx.stroke();
      break;
    }
    case 'long_position':
    case 'short_position': {
      if (!b || !c) break;
      const right = Math.max(b.x, c.x);
      const profitColor = '#08998140';
      const lossColor = '#F2364540';
      ctx.fillStyle = lossColor;
      ctx.fillRect(a.x, Math.min(a.y, b.y), right - a.x, Math.abs(b.y - a.y));
      ctx.fillStyle = profitColor;
      ctx.fillRect(a.x, Math.min(a.y, c.y), right - a.x, Math.abs(c.y - a.y));
      ctx.strokeStyle = '#787B86';
      segment(ctx, a, { x: right, y: a.y });
      const [entry, stop, target] = d.points;
      const f = positionFigures(entry!.price, stop!.price, target!.price);
      if (style.showLabels) {
        const mid = (a.x + right) / 2;
        boxLabel(
          ctx,
          [`Target ${rc.formatPrice(target!.price)} (${f.rewardPercent.toFixed(2)}%)`],
          mid,
          c.y + (c.y < a.y ? -12 : 12),
          '#089981',
        );
        boxLabel(
          ctx,
          [`Stop ${rc.formatPrice(stop!.price)} (${f.riskPercent.toFixed(2)}%)`],
          mid,
          b.y + (b.y > a.y ? 12 : -12),
          '#F23645',
        );
        boxLabel(ctx, [`Entry ${rc.formatPrice(entry!.price)}  R:R ${f.ratio.toFixed(2)}`], mid, a.y, '#787B86');
      }
      break;
    }
  }
  ctx.restore();
  if (rc.selectedId === d.id) drawHandles(ctx, d, proj, rc, style.color);
}

function drawHandles(
  ctx: CanvasRenderingContext2D,
  d: ChartDrawing,
  proj: Projection,
  rc: RenderContext,
  color: string,
) {
  const handles = d.tool === 'brush' ? [handlePixels(d, proj)[0] ?? null] : handlePixels(d, proj);
  ctx.save();
  ctx.setLineDash([]);
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = color;
  ctx.fillStyle = rc.background;
  for (const h of handles) {
    if (!h) continue;
    ctx.beginPath();
    ctx.arc(h.x, h.y, HANDLE_RADIUS, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
  }
  ctx.restore();
}

/** A span of time as "3d 4h", "2h 15m" or "45m". */
export function formatDuration(seconds: number): string {
  const m = Math.round(seconds / 60);
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  const min = m % 60;
  if (d > 0) return h > 0 ? `${d}d ${h}h` : `${d}d`;
  if (h > 0) return min > 0 ? `${h}h ${min}m` : `${h}h`;
  return `${min}m`;
}
