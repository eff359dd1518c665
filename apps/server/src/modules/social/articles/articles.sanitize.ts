import { ARTICLE_CHART_TOKEN } from '@tradedesk/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * An article's content as the TipTap editor writes it, and nothing else: its text tags, safe links, images
 * uploaded to this article (by their own URL: an image from anywhere else could track readers) and chart nodes
 * carrying a chart's share token. A pasted script, event handler, style or javascript: link never survives.
 */
function optionsFor(imageUrls: ReadonlySet<string>): sanitizeHtml.IOptions {
  return {
    allowedTags: [
      'p',
      'h2',
      'h3',
      'strong',
      'em',
      's',
      'code',
      'pre',
      'blockquote',
      'ul',
      'ol',
      'li',
      'br',
      'hr',
      'a',
      'img',
      'div',
    ],
    allowedAttributes: {
      a: ['href', 'rel', 'target'],
      img: ['src', 'alt'],
      div: ['data-type', 'data-token'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { a: ['http', 'https', 'mailto'], img: [] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // An image not uploaded to this article and a div that is not a chart node go, with what they hold.
    exclusiveFilter: (frame) => {
      if (frame.tag === 'img') return !imageUrls.has(frame.attribs.src ?? '');
      if (frame.tag === 'div') {
        return frame.attribs['data-type'] !== 'chart' || !ARTICLE_CHART_TOKEN.test(frame.attribs['data-token'] ?? '');
      }
      return false;
    },
    transformTags: {
      a: (tagName, attribs) => {
        const out: sanitizeHtml.Attributes = {};
        if (attribs.href !== undefined) out.href = attribs.href;
        out.rel = 'noopener noreferrer nofollow';
        out.target = '_blank';
        return { tagName, attribs: out };
      },
      img: (tagName, attribs) => ({
        tagName,
        attribs: { src: attribs.src ?? '', alt: (attribs.alt ?? '').slice(0, 300) },
      }),
      div: (tagName, attribs) => ({
        tagName,
        attribs: { 'data-type': attribs['data-type'] ?? '', 'data-token': attribs['data-token'] ?? '' },
      }),
    },
  };
}

/** The article's HTML with only the editor's tags, safe links, its own images and chart nodes kept, trimmed. */
export function sanitizeArticleHtml(html: string, imageUrls: ReadonlySet<string> = new Set()): string {
  return sanitizeHtml(html, optionsFor(imageUrls)).trim();
}

/** The plain text of sanitized HTML, white space collapsed (search and excerpts). */
export function articlePlainText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h2|h3|li|blockquote|pre)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether the content shows something: text, an image or a chart. */
export function articleHasContent(html: string): boolean {
  return articlePlainText(html).length > 0 || /<img |<div data-type="chart"/.test(html);
}
