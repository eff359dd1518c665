import { type DrawingStyle, type DrawingTool, drawingStyleSchema } from '@tradedesk/contracts';

const key = (tool: DrawingTool) => `chart.drawingStyle.${tool}`;

/**
 * The style a tool's next drawing starts with: the last one the user gave a drawing of that tool, kept in this
 * browser. A stored value that is no longer a valid style is ignored.
 */
export function toolStyle(tool: DrawingTool): DrawingStyle {
  try {
    const raw = localStorage.getItem(key(tool));
    if (!raw) return {};
    const parsed = drawingStyleSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function rememberToolStyle(tool: DrawingTool, style: DrawingStyle): void {
  try {
    localStorage.setItem(key(tool), JSON.stringify(style));
  } catch {
    // Storage full or refused: the tool keeps its defaults.
  }
}
