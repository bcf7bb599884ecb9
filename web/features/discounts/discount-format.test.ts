import { describe, expect, it } from 'vitest';
import { buildDiscount } from '../../test/discount-fixtures';
import {
  audienceText,
  discountChoiceLabel,
  discountValueText,
  formatPercentInput,
  maxAmountText,
  PERCENT_INPUT_ERROR,
  parsePercent,
  usesText,
  validityText,
} from './discount-format';

describe('discount texts', () => {
  it('types percentages in basis points both ways', () => {
    expect(parsePercent('12,5')).toEqual({ ok: true, value: 1250 });
    expect(parsePercent('10')).toEqual({ ok: true, value: 1000 });
    expect(parsePercent('0.05')).toEqual({ ok: true, value: 5 });
    expect(parsePercent('10%')).toEqual({ ok: false, error: PERCENT_INPUT_ERROR });
    expect(formatPercentInput(1250)).toBe('12,5');
    expect(formatPercentInput(1000)).toBe('10');
    expect(formatPercentInput(1234)).toBe('12,34');
    expect(formatPercentInput(5)).toBe('0,05');
  });

  it('says the value, its cap, for whom, when and how often', () => {
    const percent = buildDiscount({ value: 1250, max_amount: 2000 });
    expect(discountValueText(percent)).toBe('12,5%');
    expect(maxAmountText(percent)).toBe('max 20,00 RON');
    const fixed = buildDiscount({ kind: 'fixed', value: 500, max_amount: 2000 });
    expect(discountValueText(fixed)).toBe('5,00 RON');
    expect(maxAmountText(fixed)).toBeNull();
    expect(discountChoiceLabel(percent)).toBe('Studenți · 12,5% (max 20,00 RON)');

    expect(audienceText(buildDiscount())).toBe('Toți clienții');
    expect(
      audienceText(
        buildDiscount({ client_id: 5, client_phone: '+40722111222', client_name: 'Ion' }),
      ),
    ).toBe('+40722111222 · Ion');
    expect(
      audienceText(buildDiscount({ protocol_company_id: 21, protocol_company_name: 'Alfa SRL' })),
    ).toBe('Alfa SRL');

    expect(validityText(buildDiscount())).toBe('oricând');
    expect(
      validityText(buildDiscount({ valid_from: '2030-05-01', valid_until: '2030-05-31' })),
    ).toBe('01.05.2030–31.05.2030');
    expect(validityText(buildDiscount({ valid_until: '2030-05-31' }))).toBe('până la 31.05.2030');
    expect(usesText(buildDiscount({ uses: 3, total_limit: 100 }))).toBe('3 / 100');
    expect(usesText(buildDiscount({ uses: 3 }))).toBe('3');
  });
});
