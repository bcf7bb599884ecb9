import { DATES_ORDER, PERCENT_RANGE } from '@common/money/discounts.schema';
import { describe, expect, it } from 'vitest';
import { buildDiscount } from '../../test/discount-fixtures';
import {
  CLIENT_REQUIRED,
  type DiscountDraft,
  discountBody,
  discountDraftOf,
  discountValidator,
  emptyDiscountDraft,
} from './discount-form';
import { PERCENT_INPUT_ERROR } from './discount-format';

const draft = (overrides: Partial<DiscountDraft> = {}): DiscountDraft => ({
  ...emptyDiscountDraft(),
  name: 'Studenți',
  value: '10',
  ...overrides,
});

describe('the discount form’s draft', () => {
  it('sends a percentage in basis points and an amount in bani', () => {
    expect(discountBody(draft({ value: '12,5', max_amount: '20' }))).toMatchObject({
      kind: 'percent',
      value: 1250,
      max_amount: 2000,
    });
    // A fixed amount has no cap: a cap typed before switching is not sent.
    expect(discountBody(draft({ kind: 'fixed', value: '5,50', max_amount: '20' }))).toMatchObject({
      kind: 'fixed',
      value: 550,
      max_amount: null,
    });
  });

  it('sends only the chosen audience’s pick, and the dates and limits as typed', () => {
    const both = { client_id: 5, protocol_company_id: 21 };
    expect(discountBody(draft({ ...both, audience: 'client' }))).toMatchObject({
      client_id: 5,
      protocol_company_id: null,
    });
    expect(
      discountBody(
        draft({
          ...both,
          audience: 'all',
          valid_from: '2030-05-01',
          per_client_limit: 2,
          total_limit: '',
        }),
      ),
    ).toMatchObject({
      client_id: null,
      protocol_company_id: null,
      valid_from: '2030-05-01',
      valid_until: null,
      per_client_limit: 2,
      total_limit: null,
    });
  });

  it('refuses what the contract refuses, with its messages', () => {
    expect(discountValidator(draft({ value: '12 la sută' })).value).toBe(PERCENT_INPUT_ERROR);
    expect(discountValidator(draft({ value: '150' })).value).toBe(PERCENT_RANGE);
    expect(
      discountValidator(draft({ valid_from: '2030-05-31', valid_until: '2030-05-01' })).valid_until,
    ).toBe(DATES_ORDER);
    expect(discountValidator(draft({ audience: 'client' })).client_id).toBe(CLIENT_REQUIRED);
    expect(discountValidator(draft())).toEqual({});
  });

  it('shows a saved condition as typed', () => {
    const saved = discountDraftOf(
      buildDiscount({ value: 1250, max_amount: 2000, protocol_company_id: 21, total_limit: 50 }),
    );
    expect(saved).toMatchObject({
      value: '12,5',
      max_amount: '20,00',
      audience: 'protocol',
      total_limit: 50,
      per_client_limit: '',
    });
  });
});
