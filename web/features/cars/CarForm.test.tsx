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
});
