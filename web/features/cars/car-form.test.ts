import { describe, expect, it } from 'vitest';
import { COMPANY_REQUIRED, carBody, carValidator, emptyCarDraft } from './car-form';

describe('carValidator', () => {
  it('names each missing or wrong field with the contract’s message', () => {
    const errors = carValidator(true)({
      ...emptyCarDraft(null),
      year: '19',
      itp_until: '2027-02-30',
    });
    expect(errors.company_id).toBe(COMPANY_REQUIRED);
    expect(Object.keys(errors).sort()).toEqual(
      ['color', 'company_id', 'indicativ', 'itp_until', 'make', 'model', 'number', 'year'].sort(),
    );
  });

  it('sends empty numbers and days as null', () => {
    const draft = {
      ...emptyCarDraft(3, 7),
      indicativ: '12',
      make: 'Dacia',
      model: 'Logan',
      color: 'Alb',
      number: 'B-01-ABC',
      seats: '',
    };
    expect(carValidator(true)(draft)).toEqual({});
    expect(carBody(draft, true)).toMatchObject({
      company_id: 3,
      driver_id: 7,
      year: null,
      seats: null,
      itp_until: null,
    });
  });
});
