import { describe, expect, it } from 'vitest';
import { normalizePhone, phoneSearchDigits } from './phone';

describe('normalizePhone', () => {
  it('turns 00 into +', () => {
    expect(normalizePhone('0037369123456')).toBe('+37369123456');
    expect(normalizePhone('0040744123456')).toBe('+40744123456');
  });

  it('gives Romanian national numbers the +4 prefix', () => {
    expect(normalizePhone('0744123456')).toBe('+40744123456');
    expect(normalizePhone('0232 123 456')).toBe('+40232123456');
  });

  it('recognises every common way of writing the same number', () => {
    const forms = [
      '0744123456',
      '0744 123 456',
      '0744-123-456',
      '(0744) 123.456',
      '+40744123456',
      '+40 744 123 456',
      '0040744123456',
      '40744123456',
      '744123456',
    ];
    for (const form of forms) expect(normalizePhone(form), form).toBe('+40744123456');
  });

  it('keeps international numbers', () => {
    expect(normalizePhone('+37369123456')).toBe('+37369123456');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('is idempotent', () => {
    for (const input of ['0744123456', '+37369123456', '0037369123456', '0232123456']) {
      const once = normalizePhone(input);
      expect(once && normalizePhone(once)).toBe(once);
    }
  });

  it('rejects what cannot be a phone number', () => {
    for (const input of [
      '',
      '   ',
      'abc',
      '12',
      '+',
      '00',
      '0744abc456',
      '+0744123456',
      '1'.repeat(20),
    ]) {
      expect(normalizePhone(input), input).toBeNull();
    }
  });
});

describe('phoneSearchDigits (blocked-phone search)', () => {
  it('reads a query that starts like a whole number by the normalisation rules', () => {
    expect(phoneSearchDigits('0744 555 666')).toBe('40744555666');
    expect(phoneSearchDigits('+40 744 555 666')).toBe('40744555666');
    expect(phoneSearchDigits('0040744555666')).toBe('40744555666');
    expect(phoneSearchDigits('0744 55')).toBe('4074455');
  });

  it('keeps bare digits as they are: any part of a number', () => {
    expect(phoneSearchDigits('555 666')).toBe('555666');
    expect(phoneSearchDigits('744555666')).toBe('744555666');
  });

  it('is null for a text query', () => {
    for (const input of ['', 'farse', '0744 abc', '+'])
      expect(phoneSearchDigits(input), input).toBeNull();
  });
});
