/**
 * What a content page's HTML may hold, one list for the server's sanitiser
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

/** Schemes a link may use (no plain http, no javascript:, data: or the like). */
export const CONTENT_LINK_SCHEMES = ['https', 'mailto', 'tel'] as const;

/** Spaces and C0 controls, which a browser strips around an address. */
const isControlOrSpace = (c: string) => c.charCodeAt(0) <= 0x20;

/**
 * A link the sanitiser and the renderer keep: an address on this site (`/` and a path), or one
 * of the schemes. `//host` and `/\host` are other sites (a browser reads `\` as `/`), so a path's
 * second character is neither; the href is read as a browser reads it first (tabs and newlines
 * anywhere, spaces and controls around are ignored).
 */
export function isSafeHref(href: string): boolean {
  const chars = [...href.replace(/[\t\n\r]/g, '')];
  while (chars.length > 0 && isControlOrSpace(chars[0] as string)) chars.shift();
  while (chars.length > 0 && isControlOrSpace(chars[chars.length - 1] as string)) chars.pop();
  const value = chars.join('');
  if (value.startsWith('/')) return value[1] !== '/' && value[1] !== '\\';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  return scheme !== undefined && (CONTENT_LINK_SCHEMES as readonly string[]).includes(scheme);
}
