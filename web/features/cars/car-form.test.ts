import { describe, expect, it } from 'vitest';
import { COMPANY_REQUIRED, emptyCarDraft, validateCar } from './car-form';

describe('validateCar', () => {
  it('names each missing or wrong field with the contract’s message', () => {
    const result = validateCar(
      { ...emptyCarDraft(null), year: '19', itp_until: '2027-02-30' },
      true,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.company_id).toEqual([COMPANY_REQUIRED]);
    expect(Object.keys(result.errors).sort()).toEqual(
      ['color', 'company_id', 'indicativ', 'itp_until', 'make', 'model', 'number', 'year'].sort(),
    );
  });

  it('sends empty numbers and days as null', () => {
    const result = validateCar(
      {
        ...emptyCarDraft(3, 7),
        indicativ: '12',
        make: 'Dacia',
        model: 'Logan',
        color: 'Alb',
        number: 'B-01-ABC',
        seats: '',
      },
      true,
    );
    expect(result).toMatchObject({
      ok: true,
      body: { company_id: 3, driver_id: 7, year: null, seats: null, itp_until: null },
    });
  });
});
