import { SCREENSHOT_MAX_BYTES } from './bug-context';

/**
 * A picture of the page the user is on, for a bug report: the app's root element as it is drawn now (dialogs,
 * menus and toasts live in portals outside it, so the report dialog itself is not in the picture), at one image
 * pixel per CSS pixel. Charts are canvases and are copied as they are. PNG, or JPEG when a PNG would be over the
 * server's 5 MB. html-to-image (loaded here, the first time a page is captured) draws the DOM through an SVG
 * foreignObject, so nothing leaves the browser.
 */
export async function capturePage(pathname: string): Promise<File> {
  const root = document.getElementById('root');
  if (!root) throw new Error('the app root is missing');
  const { toBlob } = await import('./page-picture');
  const options = {
    pixelRatio: 1,
    backgroundColor: getComputedStyle(document.body).backgroundColor,
    width: root.scrollWidth,
    height: root.scrollHeight,
  };
  let blob = await toBlob(root, options);
  let type = 'image/png';
  if (blob && blob.size > SCREENSHOT_MAX_BYTES) {
    blob = await toBlob(root, { ...options, type: 'image/jpeg', quality: 0.8 });
    type = 'image/jpeg';
  }
  if (!blob || blob.size > SCREENSHOT_MAX_BYTES) throw new Error('the picture of the page is too large');
  return new File([blob], `${fileStem(pathname)}.${type === 'image/png' ? 'png' : 'jpg'}`, { type });
}

/** "page-chart" for /chart, "page-help-bugs_report" for /help/bugs_report, "page-home" for /. */
export function fileStem(pathname: string): string {
  const words = pathname
    .split('/')
    .filter(Boolean)
    .join('-')
    .replace(/[^\w-]+/g, '');
  return `page-${words.slice(0, 60) || 'home'}`;
}
