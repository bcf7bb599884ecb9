import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { CarForm } from './CarForm';
import { COMPANY_REQUIRED, emptyCarDraft } from './car-form';

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

afterEach(() => vi.unstubAllGlobals());

describe('CarForm', () => {
  it('shows the contract’s messages on their fields and sends nothing', async () => {
    const { requests } = stubFetch({});
    renderUi(<CarForm id={0} initial={emptyCarDraft(null)} onSaved={() => {}} />, {
      user: dispatcher,
    });
    fireEvent.click(screen.getByTestId('car-save'));
    expect(await screen.findByText('Indicativul este obligatoriu.')).toBeTruthy();
    expect(screen.getByText(COMPANY_REQUIRED)).toBeTruthy();
    type('car-indicativ', '12');
    await waitFor(() => expect(screen.queryByText('Indicativul este obligatoriu.')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('sends the body and shows the server’s 422 on its field', async () => {
    const { requests } = stubFetch({
      'POST /api/cars': () =>
        json(422, {
          message: 'Datele trimise nu sunt valide.',
          code: 'validation_failed',
          errors: { indicativ: ['Indicativul 12 este deja folosit în această companie.'] },
        }),
    });
    renderUi(<CarForm id={0} initial={emptyCarDraft(3, 7)} fixedDriver onSaved={() => {}} />, {
      user: dispatcher,
    });
    type('car-indicativ', '12');
    type('car-number', 'B-01-ABC');
    type('car-make', 'Dacia');
    type('car-model', 'Logan');
    type('car-color', 'Alb');
    fireEvent.click(screen.getByTestId('car-save'));
    expect(
      await screen.findByText('Indicativul 12 este deja folosit în această companie.'),
    ).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      company_id: 3,
      driver_id: 7,
      indicativ: '12',
      number: 'B-01-ABC',
      make: 'Dacia',
      model: 'Logan',
      color: 'Alb',
      year: null,
      seats: 4,
      itp_until: null,
      rca_until: null,
      license_until: null,
    });
  });

  it('finds a driver by his call sign as well as by his name', async () => {
    const driver = (id: number, name: string, indicativ: string, carId: number) => ({
      id,
      name,
      identifier: null,
      default_car: {
        id: carId,
        indicativ,
        make: 'Dacia',
        model: 'Logan',
        color: 'Alb',
        number: 'IS-01-ABC',
      },
    });
    stubFetch({
      'GET /api/users': () =>
        json(200, {
          data: [driver(7, 'Ion Popa', '205', 70), driver(8, 'Maria Ionescu', '118', 80)],
          meta: { total: 2, page: 1, per_page: 100 },
        }),
    });
    renderUi(<CarForm id={80} initial={emptyCarDraft(3)} onSaved={() => {}} />, {
      user: dispatcher,
    });
    const field = screen.getByTestId('car-driver_id');
    // Typed into: Mantine takes a change of an unfocused field for the browser's autofill.
    field.focus();
    fireEvent.click(field);
    // Both drivers are listed before any search.
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(2));
    const options = () => screen.queryAllByRole('option').map((option) => option.textContent);
    fireEvent.change(field, { target: { value: '118' } });
    await waitFor(() => expect(options()).toEqual(['118 · Maria Ionescu']));
    fireEvent.change(field, { target: { value: 'popa' } });
    await waitFor(() => expect(options()).toEqual(['205 · Ion Popa (are altă mașină)']));
  });
});
