/**
 * What a content page's HTML may hold (research R20), one list for the server's sanitiser
 * (sanitize-html on write and read) and the browser's renderer (SafeHtml builds React elements
 * from these only: no raw HTML is ever injected into the page).
 */
export const CONTENT_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'u',
  'a',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
] as const;
export type ContentTag = (typeof CONTENT_TAGS)[number];

/** Attributes a link may keep; nothing else keeps any. */
export const CONTENT_LINK_ATTRIBUTES = ['href', 'title', 'rel', 'target'] as const;

export const CONTENT_LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** A link the renderer keeps: one of the schemes, or an address on this site. */
export function isSafeHref(href: string): boolean {
  const value = href.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  if (value.startsWith('#')) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  return scheme !== undefined && (CONTENT_LINK_SCHEMES as readonly string[]).includes(scheme);
}
