import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from './SafeHtml';

describe('SafeHtml (content rendered without raw HTML injection)', () => {
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

  it('a link keeps only a path on this site, https:, mailto: or tel:', () => {
    render(
      <SafeHtml
        testId="links"
        html={
          '<a href="/\\evil.example">1</a><a href="//evil.example">2</a><a href="/&#9;/evil">3</a>' +
          '<a href="javascript:alert(1)">4</a><a href="http://plain.example">5</a>' +
          '<a href="/page/x">6</a><a href="https://ogo.ro">7</a><a href="mailto:a@ogo.ro">8</a>' +
          '<a href="tel:+40744555666">9</a>'
        }
      />,
    );
    const links = Array.from(screen.getByTestId('links').querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      null,
      null,
      null,
      null,
      null,
      '/page/x',
      'https://ogo.ro',
      'mailto:a@ogo.ro',
      'tel:+40744555666',
    ]);
  });
});
