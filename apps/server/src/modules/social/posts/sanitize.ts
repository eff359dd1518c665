import { findInstrument } from '@tradedesk/core';
import sanitizeHtml from 'sanitize-html';

/**
 * Post and comment text: the TipTap editor's HTML (or plain text) reduced to p, br, strong, em, s, code,
 * blockquote, ul, ol, li and links to http(s) or in-app paths. Scripts, styles, event handlers and javascript:
 * links never survive. `@username`, `$SYMBOL` and `#hashtag` in the text are found by `extractTags`, then
 * `linkTags` turns the mentions (resolved, not blocked) and known symbols into in-app links.
 */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 's', 'code', 'blockquote', 'ul', 'ol', 'li', 'a'];
/** Links the server itself writes (mentions, symbols, hashtags): unwrapped before linking again, so edits re-check them. */
const OWN_LINK = /<a href="\/(?:community\/profile\/|chart\?symbol=|community\?tag=)[^"]*">([\s\S]*?)<\/a>/g;

function baseOptions(textFilter?: (text: string, tag: string) => string): sanitizeHtml.IOptions {
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedSchemes: ['http', 'https'],
    allowedSchemesByTag: { a: ['http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href?.trim();
        const out: sanitizeHtml.Attributes = {};
        if (href !== undefined) out.href = href;
        if (href?.startsWith('/')) return { tagName, attribs: out };
        out.rel = 'noopener noreferrer nofollow';
        out.target = '_blank';
        return { tagName, attribs: out };
      },
    },
    ...(textFilter ? { textFilter } : {}),
  };
}

/** The HTML with only the allowed tags and safe links kept, trimmed. Plain text comes out escaped. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, baseOptions()).trim();
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The text a person wrote, without tags (blocks and line breaks kept as new lines). */
export function plainText(html: string): string {
  const spaced = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|blockquote)>/gi, '\n');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m)
    .replace(/&nbsp;/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const MENTION = /(^|[^\w.@/])@([A-Za-z0-9_.]{3,30})/g;
const SYMBOL = /(^|[^\w$/])\$([A-Za-z][A-Za-z0-9._]{0,19})/g;
const HASHTAG = /(^|[^\w&#/])#([A-Za-z][A-Za-z0-9_]{0,49})/g;

const trimDots = (s: string) => s.replace(/\.+$/, '');

export type ExtractedTags = {
  /** Usernames as written (dots at the end dropped), unique case-insensitively. */
  usernames: string[];
  /** Catalogue instruments named with `$`, unique. */
  symbols: { ticker: string; source: string }[];
  /** Lower-cased, unique, without `#`. */
  hashtags: string[];
};

/** Finds the mentions, catalogue `$SYMBOL`s and `#hashtags` of some plain text. */
export function extractTags(text: string): ExtractedTags {
  const usernames = new Map<string, string>();
  for (const m of text.matchAll(MENTION)) {
    const name = trimDots(m[2] ?? '');
    if (name.length >= 3 && !usernames.has(name.toLowerCase())) usernames.set(name.toLowerCase(), name);
  }
  const symbols = new Map<string, { ticker: string; source: string }>();
  for (const m of text.matchAll(SYMBOL)) {
    const instrument = findInstrument(trimDots(m[2] ?? ''));
    if (instrument && !symbols.has(instrument.ticker)) {
      symbols.set(instrument.ticker, { ticker: instrument.ticker, source: instrument.source });
    }
  }
  const hashtags = new Set<string>();
  for (const m of text.matchAll(HASHTAG)) hashtags.add((m[2] ?? '').toLowerCase());
  return { usernames: [...usernames.values()], symbols: [...symbols.values()], hashtags: [...hashtags] };
}

const attr = (s: string) => encodeURIComponent(s);

/**
 * Sanitizes and links: `@name` of a resolved mention to `/community/profile/{username}`, a catalogue `$SYMBOL` to
 * `/chart?symbol={ticker}`, `#tag` to `/community?tag={tag}`. Text inside a writer's own link is left alone.
 */
export function linkTags(html: string, mentions: { id: string; username: string }[]): string {
  const byName = new Map(mentions.map((m) => [m.username.toLowerCase(), m]));
  const filter = (text: string, tag: string) => {
    if (tag === 'a') return text;
    return text
      .replace(MENTION, (whole, before: string, raw: string) => {
        const name = trimDots(raw);
        const found = byName.get(name.toLowerCase());
        if (!found) return whole;
        const rest = raw.slice(name.length);
        return `${before}<a href="/community/profile/${attr(found.username)}">@${found.username}</a>${rest}`;
      })
      .replace(SYMBOL, (whole, before: string, raw: string) => {
        const ticker = trimDots(raw);
        const instrument = findInstrument(ticker);
        if (!instrument) return whole;
        const rest = raw.slice(ticker.length);
        return `${before}<a href="/chart?symbol=${attr(instrument.ticker)}">$${instrument.ticker}</a>${rest}`;
      })
      .replace(
        HASHTAG,
        (_whole, before: string, tagText: string) =>
          `${before}<a href="/community?tag=${attr(tagText.toLowerCase())}">#${tagText}</a>`,
      );
  };
  // the first pass normalises (an in-app link comes out as exactly `<a href="...">`), so the own links match
  const unlinked = sanitizePostHtml(html).replace(OWN_LINK, '$1');
  return sanitizeHtml(unlinked, baseOptions(filter)).trim();
}
