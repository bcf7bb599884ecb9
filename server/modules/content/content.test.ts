import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
afterAll(() => t.close());

describe('GET /api/content/{id} (SPEC §7)', () => {
  it('is public and serves sanitised HTML (research R20)', async () => {
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
