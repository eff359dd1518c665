import type { ResolvedMode } from './theme-slice';

/** Points the page's icon at the SVG drawn for the theme on screen. */
export function applyFavicon(mode: ResolvedMode, doc: Document = document): void {
  const href = `/favicon-${mode}.svg`;
  let link = doc.querySelector<HTMLLinkElement>('link#favicon');
  if (!link) {
    link = doc.createElement('link');
    link.id = 'favicon';
    link.rel = 'icon';
    link.type = 'image/svg+xml';
    doc.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}
