import { describe, expect, it } from 'vitest';
import { discountedColumns, discountOn, discountRefusal } from './discount';

const TEN_PERCENT = { kind: 'percent', value: 1000, max_amount: null } as const;

describe('the discount on a fare', () => {
  it('takes a percentage rounded once, half up, to whole bani', () => {
    // 32,19 × 10% = 3,219 → 3,22
    expect(discountOn(3219, TEN_PERCENT)).toBe(322);
    // 32,15 × 10% = 3,215 → 3,22 (half up), 32,14 → 3,21
    expect(discountOn(3215, TEN_PERCENT)).toBe(322);
    expect(discountOn(3214, TEN_PERCENT)).toBe(321);
    // 0,01% of 1,00 RON is 0,0001 bani: nothing.
    expect(discountOn(100, { kind: 'percent', value: 1, max_amount: null })).toBe(0);
  });

  it('caps a percentage at max_amount, and 100% at the fare', () => {
    expect(discountOn(30_000, { ...TEN_PERCENT, max_amount: 2000 })).toBe(2000);
    expect(discountOn(15_000, { ...TEN_PERCENT, max_amount: 2000 })).toBe(1500);
    expect(discountOn(4321, { kind: 'percent', value: 10_000, max_amount: null })).toBe(4321);
  });

  it('takes a fixed amount, never more than the fare', () => {
    expect(discountOn(3219, { kind: 'fixed', value: 500, max_amount: null })).toBe(500);
    expect(discountOn(300, { kind: 'fixed', value: 500, max_amount: null })).toBe(300);
  });

  it('takes nothing off a fare not known yet', () => {
    expect(discountOn(null, TEN_PERCENT)).toBeNull();
    expect(discountedColumns(null, TEN_PERCENT)).toEqual({
      discount_amount: null,
      discounted_cost: null,
    });
  });

  it("gives the order's columns: the amount and the fare less it", () => {
    expect(discountedColumns(3219, TEN_PERCENT)).toEqual({
      discount_amount: 322,
      discounted_cost: 2897,
    });
    expect(discountedColumns(3219, null)).toEqual({ discount_amount: null, discounted_cost: 3219 });
  });
});

describe('whether a condition applies to a ride', () => {
  const everyone = {
    disabled: false,
    valid_from: '2026-03-01',
    valid_until: '2026-03-31',
    client_id: null,
    protocol_company_id: null,
  };
  const ride = { today: '2026-03-15', clientId: 7, protocolCompanyId: null };

  it('applies to everyone within its dates, both days included', () => {
    expect(discountRefusal(everyone, ride)).toBeNull();
    expect(discountRefusal(everyone, { ...ride, today: '2026-03-01' })).toBeNull();
    expect(discountRefusal(everyone, { ...ride, today: '2026-03-31' })).toBeNull();
    expect(discountRefusal(everyone, { ...ride, today: '2026-04-01' })).toBe('outOfDates');
    expect(discountRefusal(everyone, { ...ride, today: '2026-02-28' })).toBe('outOfDates');
    expect(discountRefusal({ ...everyone, valid_from: null, valid_until: null }, ride)).toBeNull();
  });

  it('refuses a disabled one, and another client or protocol company', () => {
    expect(discountRefusal({ ...everyone, disabled: true }, ride)).toBe('disabled');
    expect(discountRefusal({ ...everyone, client_id: 7 }, ride)).toBeNull();
    expect(discountRefusal({ ...everyone, client_id: 8 }, ride)).toBe('notApplicable');
    expect(discountRefusal({ ...everyone, client_id: 8 }, { ...ride, clientId: null })).toBe(
      'notApplicable',
    );
    expect(discountRefusal({ ...everyone, protocol_company_id: 3 }, ride)).toBe('notApplicable');
    expect(
      discountRefusal({ ...everyone, protocol_company_id: 3 }, { ...ride, protocolCompanyId: 3 }),
    ).toBeNull();
  });
});
