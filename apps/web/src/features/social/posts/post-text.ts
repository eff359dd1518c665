import type { ReplyAccess } from '@tradedesk/contracts';

export const REPLY_ACCESS_LABELS: Record<ReplyAccess, string> = {
  everyone: 'Everyone',
  followers: 'Followers',
  mentioned: 'Only people I mention',
  nobody: 'Nobody',
};

/** The plain text of the server's sanitized HTML, paragraphs on their own lines (the edit box shows text). */
export function htmlToText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(
    html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|blockquote)>/gi, '\n'),
    'text/html',
  );
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/** "just now", "5 min", "3 h", "2 d", then the date. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const ms = now - new Date(iso).getTime();
  const min = Math.floor(ms / 60_000);
  if (min < 1) return 'just now';
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return `${h} h`;
  const d = Math.floor(h / 24);
  if (d < 7) return `${d} d`;
  return new Date(iso).toLocaleDateString();
}
