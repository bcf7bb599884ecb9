import { WRONG_CURRENT_PASSWORD } from '@common/account/account.schema';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { PasswordForm } from './PasswordForm';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

/** The messages under the fields (a toast may say the same). */
const fieldErrors = () =>
  [...document.querySelectorAll('.mantine-InputWrapper-error')].map((node) => node.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('PasswordForm', () => {
  it('asks the current password before sending, shows the server’s refusal, then clears on success', async () => {
    let answer = json(422, {
      message: 'Datele trimise nu sunt valide.',
      code: 'validation_failed',
      errors: { current_password: [WRONG_CURRENT_PASSWORD] },
    });
    const { requests } = stubFetch({ 'POST /api/account/password': () => answer });
    renderUi(<PasswordForm />, { user: dispatcher });
    type('Parola nouă', 'parola-noua-1');
    fireEvent.click(screen.getByRole('button', { name: 'Schimbă parola' }));
    await waitFor(() => expect(fieldErrors()).toEqual(['Parola actuală este obligatorie.']));
    expect(requests).toHaveLength(0);

    type('Parola actuală', 'parola-veche');
    fireEvent.click(screen.getByRole('button', { name: 'Schimbă parola' }));
    await waitFor(() => expect(fieldErrors()).toEqual([WRONG_CURRENT_PASSWORD]));
    expect(requests[0]?.body).toEqual({
      current_password: 'parola-veche',
      new_password: 'parola-noua-1',
    });

    answer = json(200, { revoked_sessions: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Schimbă parola' }));
    expect(
      await screen.findByText('Parola a fost schimbată. 2 alte sesiuni au fost închise.'),
    ).toBeTruthy();
    await waitFor(() => expect(field('Parola actuală').value).toBe(''));
    expect(field('Parola nouă').value).toBe('');
    expect(fieldErrors()).toEqual([]);
  });
});
