import { CONTENT_TAGS, type ContentTag, isSafeHref } from '@common/content/content-html';
import { createElement, type ReactNode, useMemo } from 'react';

const TAGS: ReadonlySet<string> = new Set(CONTENT_TAGS);
/** Elements React must render without children. */
const VOID: ReadonlySet<string> = new Set(['br', 'hr']);

/**
 * One DOM node as React elements: allowed tags only (their text kept when the tag is not),
 * links with a safe href and nothing else, text as text. A script, a style, an event handler or
 * a javascript: link has no way in: nothing is ever set as HTML.
 */
function toReact(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  // Never their text either: a script's or style's source is not content.
  if (tag === 'script' || tag === 'style' || tag === 'template') return null;
  const children = Array.from(element.childNodes, (child, i) => toReact(child, `${key}.${i}`));
  if (!TAGS.has(tag)) return children;
  if (VOID.has(tag)) return createElement(tag, { key });
  if (tag === 'a') {
    const href = element.getAttribute('href');
    const external = href !== null && /^https?:/i.test(href.trim());
    return createElement(
      'a',
      {
        key,
        href: href !== null && isSafeHref(href) ? href : undefined,
        title: element.getAttribute('title') ?? undefined,
        ...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
      },
      ...children,
    );
  }
  return createElement(tag as ContentTag, { key }, ...children);
}

/** Sanitised HTML as React elements (safe rich text, no raw HTML injection). */
export function SafeHtml({ html, testId }: { html: string; testId?: string }) {
  const content = useMemo(() => {
    // A document that is never attached: parsing it runs no script and loads nothing.
    const body = new DOMParser().parseFromString(html, 'text/html').body;
    return Array.from(body.childNodes, (child, i) => toReact(child, String(i)));
  }, [html]);
  return <div data-testid={testId}>{content}</div>;
}
