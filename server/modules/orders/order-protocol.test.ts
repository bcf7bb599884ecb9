import type { ErrorBody } from '@common/http/errors';
import { PROTOCOL_COMPANY_REQUIRED } from '@common/orders/orders.rules';
import type { Order } from '@common/orders/orders.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../../db/factories';
import { createTestApp, type TestApp } from '../../test/harness';

/** 'Protocol?' checked bills a protocol company: placing one without it is refused at the field. */
let t: TestApp;
let auth: { authorization: string };
let protocolAuth: { authorization: string };
let protocol: { id: number };

const body = (extra: Record<string, unknown> = {}) => ({
  places: [{ name: 'Strada Sărărie 20', lat: 47.17, long: 27.59 }],
  phone: '0744 321 000',
  client_name: 'Ana',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  const taxi = await buildCompany(t.db);
  protocol = await buildCompany(t.db, { type: 'protocol', parent_company_id: taxi.id });
  auth = await t.login(await buildUser(t.db, { roles: ['dispatcher'], companyIds: [taxi.id] }));
  protocolAuth = await t.login(
    await buildUser(t.db, { roles: ['company'], companyIds: [protocol.id] }),
  );
});
afterAll(() => t.close());

const post = (payload: object, headers = auth) =>
  t.app.inject({ method: 'POST', url: '/api/orders', payload, headers });

describe('placing a protocol order', () => {
  it('refuses protocol with no protocol company, on the field, for a placed order and a draft', async () => {
    for (const extra of [
      { payment_type: 'protocol' },
      { payment_type: 'protocol', protocol_company_id: null },
      { payment_type: 'protocol', place: false },
    ]) {
      const refused = await post(body(extra));
      expect(refused.statusCode, JSON.stringify(extra)).toBe(422);
      expect(refused.json<ErrorBody>().errors).toEqual({
        protocol_company_id: [PROTOCOL_COMPANY_REQUIRED],
      });
    }
  });

  it('places it once the company is chosen, and a protocol company’s own user needs none', async () => {
    const chosen = await post(body({ payment_type: 'protocol', protocol_company_id: protocol.id }));
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json<Order>().protocol_user?.id).toBe(protocol.id);
    const own = await post(body({ payment_type: 'protocol' }), protocolAuth);
    expect(own.statusCode).toBe(201);
    expect(own.json<Order>()).toMatchObject({
      payment_type: 'protocol',
      protocol_user: { id: protocol.id },
    });
  });

  it('refuses placing a draft switched to protocol without a company', async () => {
    const draft = (await post(body({ place: false }))).json<Order>();
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${draft.id}`,
      payload: { payment_type: 'protocol', place: true },
      headers: auth,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ErrorBody>().errors?.protocol_company_id).toEqual([
      PROTOCOL_COMPANY_REQUIRED,
    ]);
    const placed = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${draft.id}`,
      payload: { payment_type: 'protocol', protocol_company_id: protocol.id, place: true },
      headers: auth,
    });
    expect(placed.statusCode).toBe(200);
    expect(placed.json<Order>().state).toBe('created');
  });
});
