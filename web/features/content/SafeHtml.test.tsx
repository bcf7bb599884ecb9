import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from './SafeHtml';

describe('SafeHtml (issue #20: content rendered without raw HTML injection)', () => {
  it('renders allowed tags and drops scripts, styles, handlers, unsafe links and unknown tags', () => {
    render(
      <SafeHtml
        testId="html"
        html={
          '<h2 onclick="x()">Titlu</h2><p>Unu <strong>doi</strong><script>window.hacked=1</script></p>' +
          '<a href="javascript:alert(1)">rău</a><a href="https://ogo.ro">bun</a><a href="/page/termeni">intern</a>' +
          '<img src="x" onerror="alert(1)"><object data="x"></object><style>body{}</style>' +
          '<div>text din div</div>'
        }
      />,
    );
    const root = screen.getByTestId('html');
    expect(root.querySelector('h2')?.textContent).toBe('Titlu');
    expect(root.querySelector('h2')?.getAttribute('onclick')).toBeNull();
    expect(root.querySelector('strong')?.textContent).toBe('doi');
    for (const tag of ['script', 'style', 'img', 'object', 'div']) {
      expect(root.querySelector(tag), tag).toBeNull();
    }
    expect(root.textContent).not.toContain('window.hacked');
    expect(root.textContent).toContain('text din div');
    const links = Array.from(root.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      null,
      'https://ogo.ro',
      '/page/termeni',
    ]);
    expect(links[1]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});
