import sanitizeHtml from 'sanitize-html';

/**
 * Goods descriptions are HTML from suppliers: they are sanitised when written, so every reader
 * (the storefront renders them as HTML) gets only harmless markup: text structure, lists,
 * tables, links (http, https, mailto, never javascript:) and pictures from http(s) or our uploads.
 * No script, style, event handler, iframe or form survives.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'small',
    'sup',
    'sub',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'blockquote',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
    'img',
    'figure',
    'figcaption',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // External links open safely in a new tab.
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:/i.test(attribs.href ?? '')
        ? { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' }
        : { href: attribs.href ?? '', ...(attribs.title ? { title: attribs.title } : {}) },
    }),
  },
};

/** The description HTML a good may store. */
export const sanitizeDescription = (html: string): string => sanitizeHtml(html, options).trim();
