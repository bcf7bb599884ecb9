import type { BlockedPhone } from '@common/blocked-phones/blocked-phones.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildDriver, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let headers: { authorization: string };
let foreign: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = await buildCompany(t.db);
  const b = await buildCompany(t.db);
  headers = await t.login(await buildUser(t.db, { roles: ['dispatcher'], companyIds: [a.id] }));
  foreign = await t.login(await buildUser(t.db, { roles: ['dispatcher'], companyIds: [b.id] }));
});
afterAll(() => t.close());

describe('blocked phones', () => {
  it('blocks a number once, normalised, lists and unblocks it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blocked-phone',
      headers,
      payload: { phone: '0744 555 666', reason: 'Comenzi false' },
    });
    expect(created.statusCode).toBe(201);
    const row = created.json<BlockedPhone>();
    expect(row).toMatchObject({ phone: '+40744555666', reason: 'Comenzi false' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/blocked-phone',
      headers,
      payload: { phone: '+40744555666' },
    });
    expect(again.statusCode).toBe(409);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/blocked-phone?search=555',
      headers,
    });
    expect(list.json<BlockedPhone[]>().map((p) => p.id)).toEqual([row.id]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/blocked-phone', headers: foreign })).json(),
    ).toEqual([]);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/blocked-phone/${row.id}`,
          headers: foreign,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/blocked-phone/${row.id}`, headers }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/blocked-phone', headers })).json(),
    ).toEqual([]);
  });

  it('finds a number typed in any format, whole or in part (normalised)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blocked-phone',
      headers,
      payload: { phone: '+40721333444' },
    });
    const { id } = created.json<BlockedPhone>();
    const search = async (text: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/blocked-phone?search=${encodeURIComponent(text)}`,
          headers,
        })
      )
        .json<BlockedPhone[]>()
        .map((p) => p.id);
    for (const text of [
      '0721 333 444',
      '0721-333-444',
      '0040721333444',
      '+40 721 333 444',
      '0721 33',
      '333 444',
      '+40721',
    ]) {
      expect(await search(text), text).toEqual([id]);
    }
    for (const text of ['0722 33', '0721 444', '%', 'farse']) {
      expect(await search(text), text).toEqual([]);
    }
    await t.app.inject({ method: 'DELETE', url: `/api/blocked-phone/${id}`, headers });
  });

  it('validates the phone and refuses drivers', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/blocked-phone',
      headers,
      payload: { phone: 'x' },
    });
    expect(bad.statusCode).toBe(422);
    const driver = await buildDriver(t.db, (await buildCompany(t.db)).id);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/blocked-phone',
          headers: await t.login(driver),
        })
      ).statusCode,
    ).toBe(403);
  });
});
