import type { ErrorBody } from '@common/http/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.app.get('/api/test/explode', async () => {
    throw new Error('secret internals: SELECT * FROM users');
  });
});
afterAll(() => t.close());

describe('the error handler (Errors)', () => {
  it('hides internals of a 500 and returns the request id to quote', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/explode',
      headers: { 'x-request-id': 'req-12345678' },
    });
    expect(response.statusCode).toBe(500);
    const body = response.json<ErrorBody>();
    expect(body).toEqual({
      message: 'A apărut o eroare neașteptată.',
      code: 'internal',
      request_id: 'req-12345678',
    });
    expect(response.body).not.toContain('SELECT');
    expect(response.headers['x-request-id']).toBe('req-12345678');
  });

  it('answers JSON 404 for an unknown API path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().code).toBe('not_found');
    expect(response.json<ErrorBody>().request_id).toBeTruthy();
  });

  it('answers 400 for malformed JSON and 413 for an oversized body', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/access-tokens',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ErrorBody>().code).toBe('bad_request');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/access-tokens',
      payload: { email: 'a@b.ro', password: 'x'.repeat(100_000) },
    });
    expect(huge.statusCode).toBe(413);
  });

  it('sets the browser hardening headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers 503 while the database is unreachable', async () => {
    const other = await createTestApp();
    await other.database.close();
    const response = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json<ErrorBody>().code).toBe('unavailable');
    await other.app.close();
  });
});
