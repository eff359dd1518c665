/** A run of legend text with the colour it is shown in. */
export type TextRun = { text: string; color: string; bold: boolean };

/**
 * The legend's text as shown, in order, with each piece's colour: the text nodes under `root`, leaving out
 * buttons (show, hide, settings) and what is hidden from assistive technology.
 */
export function textRuns(root: Element): TextRun[] {
  const runs: (TextRun & { parent: Element })[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.replace(/\s+/g, ' ') ?? '';
    const parent = node.parentElement;
    if (!text.trim() || !parent) continue;
    // Only what is hidden inside the legend counts: an open dialog hides the whole page from assistive
    // technology (aria-hidden on the app), legend included.
    const skipped = parent.closest('button, [aria-hidden="true"]');
    if (skipped && root.contains(skipped)) continue;
    const last = runs[runs.length - 1];
    // Pieces of one element ("+", "0.00097", " (", ...) are one run, as the screen sets them.
    if (last?.parent === parent) {
      last.text += text;
      continue;
    }
    const style = getComputedStyle(parent);
    runs.push({ text, color: style.color || '#888888', bold: Number(style.fontWeight) >= 600, parent });
  }
  return runs.map(({ parent: _parent, ...run }) => ({ ...run, text: run.text.trim() }));
}

/** The lines of legend the snapshot carries: the price legend, then one line per indicator. */
export function legendLines(section: Element): TextRun[][] {
  const lines: TextRun[][] = [];
  const legend = section.querySelector('[role="group"][aria-label="Legend"]');
  if (legend) lines.push(textRuns(legend));
  for (const row of section.querySelectorAll('[role="list"][aria-label="Indicators"] [role="listitem"]')) {
    lines.push(textRuns(row));
  }
  return lines.filter((l) => l.length > 0);
}

const FONT = 'Inter, system-ui, sans-serif';

/**
 * The chart as a PNG: the chart's own picture (every pane, the drawings, the scales) with the legend written
 * over its top-left corner as the screen shows it. `shot` is lightweight-charts' screenshot, in device pixels
 * for a chart `cssWidth` wide.
 */
export function composeSnapshot(shot: HTMLCanvasElement, cssWidth: number, lines: TextRun[][]): HTMLCanvasElement {
  const out = document.createElement('canvas');
  out.width = shot.width;
  out.height = shot.height;
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the snapshot.');
  ctx.drawImage(shot, 0, 0);
  const scale = cssWidth > 0 ? shot.width / cssWidth : 1;
  ctx.scale(scale, scale);
  ctx.textBaseline = 'top';
  lines.forEach((line, i) => {
    let x = 12;
    const y = 10 + i * 20;
    for (const run of line) {
      ctx.font = `${run.bold ? 600 : 400} ${run.bold ? 13 : 12}px ${FONT}`;
      ctx.fillStyle = run.color;
      ctx.fillText(run.text, x, y);
      x += ctx.measureText(run.text).width + 6;
    }
  });
  return out;
}

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The snapshot could not be made.'))), 'image/png'),
  );
}

/** Why copying failed, in words a user can act on. */
export function copyRefusal(error: unknown): string {
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) {
    return 'This browser cannot copy images to the clipboard. Use Download instead.';
  }
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError') {
    return 'The browser did not allow copying to the clipboard (permission refused). Use Download instead.';
  }
  return 'The image could not be copied to the clipboard. Use Download instead.';
}

/** Puts a PNG on the clipboard; rejects with a sentence saying why when the browser refuses. */
export async function copyPng(blob: Blob): Promise<void> {
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) throw new Error(copyRefusal(null));
  try {
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
  } catch (error) {
    throw new Error(copyRefusal(error));
  }
}
