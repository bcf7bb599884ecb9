import { INVALID_URL, URL_TAKEN } from '@common/content/content.schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../../db/factories';
import { contentPages } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(contentPages).values({
    id: 1,
    title: 'Confidențialitate',
    content:
      '<h2>Date</h2><p onclick="steal()">Text <a href="javascript:alert(1)">rău</a> <a href="https://ogo.ro">bun</a></p><script>alert(1)</script><img src=x onerror=alert(1)>',
  });
  // As the demo seed does after giving id 1 (server/db/seed.ts).
  await t.db.execute(
    sql`select setval(pg_get_serial_sequence('content_pages', 'id'), (select max(id) from content_pages))`,
  );
});
afterAll(() => t.close());

describe('GET /api/content/{id}', () => {
  it('is public and serves sanitised HTML', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/content/1' });
    expect(response.statusCode).toBe(200);
    const { title, content } = response.json<{ title: string; content: string }>();
    expect(title).toBe('Confidențialitate');
    expect(content).toContain('<h2>Date</h2>');
    expect(content).toContain('href="https://ogo.ro"');
    expect(content).toContain('rel="noopener noreferrer"');
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:', '<img'])
      expect(content).not.toContain(bad);
  });

  it('answers 404 for a missing page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/content/2' })).statusCode).toBe(404);
  });
});

/** Each link's text and the href it kept (null: none). */
const linksOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<a([^>]*)>([^<]*)<\/a>/g)].map((m) => [
      m[2],
      /href="([^"]*)"/.exec(m[1] ?? '')?.[1] ?? null,
    ]),
  );

const LINKS =
  '<p><a href="/\\evil.example">backslash</a><a href="//evil.example">protocol-relative</a>' +
  '<a href="/&#9;/evil.example">tab</a><a href="javascript:alert(1)">js</a>' +
  '<a href="JaVaScRiPt:alert(1)">js-case</a><a href="http://plain.example">http</a>' +
  '<a href="data:text/html,x">data</a>' +
  '<a href="/page/x">page</a><a href="https://ogo.ro/a">https</a>' +
  '<a href="mailto:contact@ogo.ro">mail</a><a href="tel:+40744555666">tel</a></p>';
const KEPT = {
  backslash: null,
  'protocol-relative': null,
  tab: null,
  js: null,
  'js-case': null,
  http: null,
  data: null,
  page: '/page/x',
  https: 'https://ogo.ro/a',
  mail: 'mailto:contact@ogo.ro',
  tel: 'tel:+40744555666',
};

describe('content links', () => {
  it('a link keeps only a path on this site, https:, mailto: or tel: (/\\host, //host and javascript: go), stored and served', async () => {
    const admin = await t.login(await buildUser(t.db, { roles: ['admin'] }));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/content',
      headers: admin,
      payload: { title: 'Linkuri', content: LINKS, section: 'page', url: 'linkuri' },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    const [stored] = await t.db.select().from(contentPages).where(eq(contentPages.id, id));
    expect(linksOf(stored?.content ?? '')).toEqual(KEPT);
    // A page stored before this rule is served by it too.
    const [old] = await t.db
      .insert(contentPages)
      .values({ title: 'Veche', content: LINKS })
      .returning({ id: contentPages.id });
    const served = await t.app.inject({ method: 'GET', url: `/api/content/${old?.id}` });
    expect(linksOf(served.json<{ content: string }>().content)).toEqual(KEPT);
  });
});

describe('content editing (/content): the platform admin writes, anyone reads', () => {
  const HOSTILE =
    '<h2 onmouseover="x()">Titlu</h2><p>Text<script>alert(1)</script><a href="javascript:alert(1)" onclick="y()">rău</a></p><iframe src="https://evil"></iframe><style>body{}</style>';
  const page = (overrides: Record<string, unknown> = {}) => ({
    title: 'Termeni',
    content: HOSTILE,
    section: 'page',
    url: 'termeni',
    ...overrides,
  });
  let admin: { authorization: string };
  let manager: { authorization: string };

  beforeAll(async () => {
    const company = await buildCompany(t.db);
    admin = await t.login(await buildUser(t.db, { roles: ['admin'] }));
    manager = await t.login(
      await buildUser(t.db, { roles: ['manager', 'dispatcher'], companyIds: [company.id] }),
    );
  });

  const expectClean = (html: string) => {
    expect(html).toContain('Titlu');
    for (const bad of ['<script', 'onmouseover', 'onclick', 'javascript:', '<iframe', '<style'])
      expect(html).not.toContain(bad);
  };

  it('lets only the platform admin create and edit pages', async () => {
    for (const headers of [manager, {}]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/content',
        headers,
        payload: page(),
      });
      expect([401, 403]).toContain(refused.statusCode);
      const patched = await t.app.inject({
        method: 'PATCH',
        url: '/api/content/1',
        headers,
        payload: page({ url: null }),
      });
      expect([401, 403]).toContain(patched.statusCode);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/content/1' })).json().title).toBe(
      'Confidențialitate',
    );
  });

  it('strips scripts and on* attributes when written, and serves the page by its address', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/content',
      headers: admin,
      payload: page(),
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    expect(id).not.toBe(1);
    // Stored already clean, not only served clean.
    const [stored] = await t.db.select().from(contentPages).where(eq(contentPages.id, id));
    expectClean(stored?.content ?? '');

    const byUrl = await t.app.inject({ method: 'GET', url: '/api/content/by-url/page/termeni' });
    expect(byUrl.statusCode).toBe(200);
    expect(byUrl.json()).toMatchObject({ id, title: 'Termeni', section: 'page', url: 'termeni' });
    expectClean(byUrl.json().content);
    // The same address in another section is another page; in the same one it is refused.
    const docs = await t.app.inject({
      method: 'POST',
      url: '/api/content',
      headers: admin,
      payload: page({ section: 'documentation', title: 'Ghid', content: '<p>Ghid</p>' }),
    });
    expect(docs.statusCode).toBe(201);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/content',
      headers: admin,
      payload: page({ title: 'Dublură' }),
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.url).toEqual([URL_TAKEN]);
    for (const missing of ['/api/content/by-url/page/nu-exista', '/api/content/by-url/altceva/x']) {
      expect((await t.app.inject({ method: 'GET', url: missing })).statusCode).toBe(404);
    }
  });

  it('edits a page, lists them publicly, and refuses a bad address or title on its field', async () => {
    const edited = await t.app.inject({
      method: 'PATCH',
      url: '/api/content/1',
      headers: admin,
      payload: page({ title: 'Confidențialitate 2', url: 'confidentialitate' }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: 1, title: 'Confidențialitate 2' });
    expectClean(edited.json().content);
    const list = await t.app.inject({ method: 'GET', url: '/api/content?section=documentation' });
    expect(list.json().data.map((p: { title: string }) => p.title)).toEqual(['Ghid']);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/content',
      headers: admin,
      payload: page({ title: ' ', url: 'Cu Spații', section: 'blog' }),
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['section', 'title', 'url']);
    expect(bad.json().errors.url).toEqual([INVALID_URL]);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/content/9999',
      headers: admin,
      payload: page({ url: null }),
    });
    expect(missing.statusCode).toBe(404);
  });
});
