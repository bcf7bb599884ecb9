import { REGISTRY_UNAVAILABLE } from '@common/companies/signup.schema';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderUi } from '../../test/render-ui';
import { SignupForm } from './SignupForm';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('SignupForm (Sign-up)', () => {
  it('says when the registry is away and lets the details be typed by hand', async () => {
    const { requests } = stubFetch({
      'GET /api/check-cui': () => json(503, { message: REGISTRY_UNAVAILABLE, code: 'unavailable' }),
    });
    renderUi(<SignupForm />);
    type('CUI', 'RO14146589');
    fireEvent.click(screen.getByRole('button', { name: 'Caută' }));
    expect((await screen.findByTestId('cui-unavailable')).textContent).toBe(REGISTRY_UNAVAILABLE);
    expect(requests[0]?.query.get('cui')).toBe('14146589');
    type('Denumire', 'Firma Mea SRL');
    expect((screen.getByLabelText('Denumire', { exact: false }) as HTMLInputElement).value).toBe(
      'Firma Mea SRL',
    );
  });

  it('refuses a malformed CUI before any call, and shows the server’s refusals on the fields', async () => {
    const { requests } = stubFetch({
      'POST /api/company': () =>
        json(422, {
          message: 'Datele trimise nu sunt valide.',
          code: 'validation_failed',
          errors: { cui: ['Firma este deja înscrisă.'] },
        }),
    });
    renderUi(<SignupForm />);
    type('CUI', '14146588');
    fireEvent.click(screen.getByRole('button', { name: 'Caută' }));
    expect(await screen.findByText('Codul fiscal (CUI) nu este valid.')).toBeTruthy();
    expect(requests).toHaveLength(0);

    type('CUI', '14146589');
    type('Denumire', 'Firma Mea SRL');
    type('Telefon firmă', '0744123456');
    type('Nume și prenume', 'Ion Popescu');
    type('Adresa de e-mail', 'ion@firma.ro');
    type('Parola contului', 'parola-lunga-1');
    fireEvent.click(screen.getByRole('button', { name: 'Înscrie firma' }));
    // The consent is required before anything is sent.
    expect(await screen.findByText(/Trebuie să fiți de acord/)).toBeTruthy();
    expect(requests).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Înscrie firma' }));
    await waitFor(() => expect(screen.getAllByText('Firma este deja înscrisă.').length).toBe(2));
    expect(requests[0]?.headers['Idempotency-Key']).toMatch(/^[\w-]{8,}$/);
    expect(requests[0]?.body).toMatchObject({ cui: '14146589', package_id: 1 });
  });
});
