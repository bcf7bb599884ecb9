import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { UserForm } from './UserForm';
import { emptyUserDraft } from './user-form';

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

afterEach(() => vi.unstubAllGlobals());

const renderForm = () =>
  renderUi(
    <UserForm
      id={0}
      initial={emptyUserDraft('dispatcher', [])}
      callerRoles={dispatcher.roles}
      onSaved={() => {}}
    />,
    { user: dispatcher },
  );

describe('UserForm', () => {
  it('shows the contract’s messages on their fields and sends nothing', async () => {
    const { requests } = stubFetch({});
    renderForm();
    type('user-email', 'x');
    fireEvent.click(screen.getByTestId('user-save'));
    expect(await screen.findByText('Adresa de e-mail nu este validă.')).toBeTruthy();
    expect(screen.getByText('Numele este obligatoriu.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('puts the server’s 422 on its field, and a rule of the whole user above the button', async () => {
    const { requests } = stubFetch({
      'POST /api/users': () =>
        json(422, {
          message: 'Datele trimise nu sunt valide.',
          code: 'validation_failed',
          errors: {
            email: ['Adresa de e-mail este deja folosită.'],
            form: ['Un utilizator nu poate fi', 'salvat acum.'],
          },
        }),
    });
    renderForm();
    type('user-name', 'Ion');
    type('user-email', 'Ion@Firma.RO');
    type('user-password', 'parola-lunga');
    fireEvent.click(screen.getByTestId('user-save'));
    expect(await screen.findByText('Adresa de e-mail este deja folosită.')).toBeTruthy();
    expect(screen.getByTestId('user-form-error').textContent).toBe(
      'Un utilizator nu poate fi salvat acum.',
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      name: 'Ion',
      email: 'ion@firma.ro',
      password: 'parola-lunga',
      roles: ['dispatcher'],
    });
  });
});
