import sanitizeHtml from 'sanitize-html';

/**
 * What TipTap's StarterKit produces, and nothing else: a journal's rich text is shown to its author as HTML, so a
 * pasted script, event handler, style or javascript: link must never survive. Links open in a new tab without
 * handing the journal page to the site they lead to.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
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
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'] },
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // the text of script, style and the like goes with them (sanitize-html's nonTextTags); other tags are unwrapped
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      // an href the schemes refuse is dropped after this, leaving a harmless anchor around the text
      const out: sanitizeHtml.Attributes = {};
      if (attribs.href !== undefined) out.href = attribs.href;
      out.rel = 'noopener noreferrer nofollow';
      out.target = '_blank';
      return { tagName, attribs: out };
    },
  },
};

/** The rich text with only StarterKit's tags and safe links kept, trimmed. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Whether rich text has something a person wrote (text beyond tags and white space). */
export function richTextHasText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '').length > 0;
}
