import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { loginErrorsFrom, TOO_MANY_ATTEMPTS, validateLogin } from './login-errors';

describe('validateLogin', () => {
  it('requires both fields', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Introduceți adresa de e-mail.',
      password: 'Introduceți parola.',
    });
  });

  it('checks the e-mail format with the shared schema', () => {
    expect(validateLogin({ email: 'not-an-email', password: 'x' })).toEqual({
      email: 'Adresa de e-mail nu este validă.',
    });
  });

  it('accepts valid input, ignoring surrounding spaces in the e-mail', () => {
    expect(validateLogin({ email: ' ana@example.ro ', password: 'secret' })).toEqual({});
  });
});

describe('loginErrorsFrom', () => {
  it('puts field messages next to their fields', () => {
    const error = new ApiError(422, {
      message: 'Date invalide',
      code: 'validation_failed',
      errors: { email: ['Prea lung.', 'Invalid.'], password: ['Obligatorie.'] },
    });
    expect(loginErrorsFrom(error)).toEqual({
      email: 'Prea lung. Invalid.',
      password: 'Obligatorie.',
    });
  });

  it('shows messages of other fields as a form error', () => {
    const error = new ApiError(422, {
      message: 'Date invalide',
      code: 'validation_failed',
      errors: { extra: ['Câmp necunoscut.'] },
    });
    expect(loginErrorsFrom(error)).toMatchObject({ form: 'Câmp necunoscut.' });
  });

  it('shows the server message for wrong credentials', () => {
    const error = new ApiError(401, {
      message: 'E-mail sau parolă greșită.',
      code: 'unauthenticated',
    });
    expect(loginErrorsFrom(error)).toMatchObject({ form: 'E-mail sau parolă greșită.' });
  });

  it('explains a rate limit (429)', () => {
    const error = new ApiError(429, { message: 'Too Many Requests', code: 'too_many_requests' });
    expect(loginErrorsFrom(error)).toEqual({ form: TOO_MANY_ATTEMPTS });
    expect(TOO_MANY_ATTEMPTS).toBe('Prea multe încercări. Încercați din nou mai târziu.');
  });
});
