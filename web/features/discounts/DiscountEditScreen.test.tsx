import type { LoggedUser } from '@common/auth/auth.schema';
import { DATES_ORDER, ONE_AUDIENCE } from '@common/money/discounts.schema';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDiscount } from '../../test/discount-fixtures';
import { json, type StubRequest, stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { DiscountEditScreen } from './DiscountEditScreen';

afterEach(() => vi.unstubAllGlobals());

const manager: LoggedUser = { ...dispatcher, roles: ['manager'] };

/** The page as the route gives it its id. */
function Page() {
  const { id } = useParams();
  return <DiscountEditScreen key={id} id={Number(id)} />;
}

type Routes = Record<string, (request: StubRequest) => Response | Promise<Response>>;

function renderEdit(id: number, user: LoggedUser = manager, routes: Routes = {}) {
  const api = stubFetch({
    'GET /api/protocol-companies': () =>
      json(200, {
        data: [
          { id: 21, name: 'Alfa Corporate SRL' },
          { id: 22, name: 'Protocol Corporate SRL' },
        ],
      }),
    'GET /api/clients/lookup': (request) =>
      json(200, {
        client:
          request.query.get('phone') === '+40722111222'
            ? { id: 5, name: 'Ion Popescu', about: null }
            : null,
        blocked: false,
        blocked_reason: null,
      }),
    'POST /api/discounts': (request) =>
      json(201, buildDiscount({ id: 9, ...(request.body as object) })),
    'GET /api/discounts/9': () => json(200, buildDiscount({ id: 9 })),
    ...routes,
  });
  const view = renderUi(<Page />, { user, path: `/discount/${id}`, route: '/discount/:id' });
  return { api, ...view };
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const save = () => act(async () => fireEvent.click(screen.getByTestId('discount-save')));

async function choose(testId: string, option: string) {
  fireEvent.click(screen.getByTestId(testId));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('/discount/{id}', () => {
  it('creates a percentage typed as 12,5 with a cap in RON: 1250 and 2000 bani', async () => {
    const { api, router } = renderEdit(0);
    type('discount-name', 'Studenți');
    type('discount-value', '12,5');
    type('discount-max_amount', '20');
    await save();
    expect(await screen.findByText('Salvat cu succes!')).toBeTruthy();
    expect(api.calls('POST /api/discounts')[0]?.body).toEqual({
      name: 'Studenți',
      kind: 'percent',
      value: 1250,
      max_amount: 2000,
      valid_from: null,
      valid_until: null,
      client_id: null,
      protocol_company_id: null,
      per_client_limit: null,
      total_limit: null,
      compensate_driver: false,
      disabled: false,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/discount/9'));
  });

  it('creates a fixed amount typed as 5,50 for one client found by his phone', async () => {
    const { api } = renderEdit(0);
    type('discount-name', 'Client fidel');
    await choose('discount-kind', 'Sumă fixă');
    expect(screen.queryByTestId('discount-max_amount')).toBeNull();
    type('discount-value', '5,50');
    fireEvent.click(screen.getByRole('radio', { name: 'Un client' }));
    type('discount-client-phone', '0722 111 222');
    expect(await screen.findByText('Ion Popescu')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Compensează șoferul'));
    type('discount-per_client_limit', '2');
    await save();
    await waitFor(() => expect(api.calls('POST /api/discounts')).toHaveLength(1));
    expect(api.calls('POST /api/discounts')[0]?.body).toMatchObject({
      kind: 'fixed',
      value: 550,
      max_amount: null,
      client_id: 5,
      protocol_company_id: null,
      per_client_limit: 2,
      compensate_driver: true,
    });
  });

  it('refuses an end before the start, and a client nobody called from, without the server', async () => {
    const { api } = renderEdit(0);
    type('discount-name', 'Mai');
    type('discount-value', '10');
    type('discount-valid_from', '31.05.2030');
    type('discount-valid_until', '01.05.2030');
    await save();
    expect(screen.getByText(DATES_ORDER)).toBeTruthy();

    type('discount-valid_until', '31.05.2030');
    fireEvent.click(screen.getByRole('radio', { name: 'Un client' }));
    type('discount-client-phone', '0733 000 000');
    expect(await screen.findByText('Niciun client cu acest număr.')).toBeTruthy();
    await save();
    expect(screen.getByText(/Alegeți clientul/)).toBeTruthy();
    expect(api.calls('POST /api/discounts')).toHaveLength(0);
  });

  it('shows the server’s 422 under its field: a client and a protocol company at once', async () => {
    renderEdit(0, manager, {
      'POST /api/discounts': () =>
        json(422, {
          message: 'Date invalide.',
          code: 'validation',
          errors: { protocol_company_id: [ONE_AUDIENCE] },
        }),
    });
    type('discount-name', 'Alfa');
    type('discount-value', '10');
    fireEvent.click(screen.getByRole('radio', { name: 'Firmă de protocol' }));
    await choose('discount-protocol_company_id', 'Alfa Corporate SRL');
    await save();
    const field = screen.getByTestId('discount-protocol_company_id');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(ONE_AUDIENCE)).toBeTruthy();
  });

  it('updates a saved condition with PUT, shown as typed', async () => {
    const saved = buildDiscount({
      id: 3,
      value: 1250,
      max_amount: 2000,
      protocol_company_id: 21,
      protocol_company_name: 'Alfa Corporate SRL',
      valid_from: '2030-05-01',
      uses: 4,
      total_limit: 10,
    });
    const { api } = renderEdit(3, manager, {
      'GET /api/discounts/3': () => json(200, saved),
      'PUT /api/discounts/3': (request) => json(200, { ...saved, ...(request.body as object) }),
    });
    expect(((await screen.findByTestId('discount-value')) as HTMLInputElement).value).toBe('12,5');
    expect(input('discount-max_amount').value).toBe('20,00');
    expect(input('discount-valid_from').value).toBe('01.05.2030');
    expect(input('discount-protocol_company_id').value).toBe('Alfa Corporate SRL');
    expect(screen.getByTestId('discount-uses').textContent).toBe('Folosită: 4 / 10');
    fireEvent.click(screen.getByLabelText('Dezactivată'));
    await save();
    expect(await screen.findByText('Salvat cu succes!')).toBeTruthy();
    expect(api.calls('PUT /api/discounts/3')[0]?.body).toMatchObject({
      value: 1250,
      protocol_company_id: 21,
      disabled: true,
    });
  });

  it('shows a dispatcher the condition with its fields disabled, and no new one', async () => {
    const { unmount } = renderEdit(3, dispatcher, {
      'GET /api/discounts/3': () => json(200, buildDiscount({ id: 3 })),
    });
    // The form's fieldset disables every field in it.
    const disabled = (testId: string) =>
      input(testId).closest('fieldset')?.disabled === true || input(testId).disabled;
    await screen.findByTestId('discount-name');
    expect(disabled('discount-name')).toBe(true);
    expect(disabled('discount-value')).toBe(true);
    expect(disabled('discount-compensate_driver')).toBe(true);
    expect(screen.getByTestId('discount-page').dataset.editable).toBe('false');
    expect(screen.getByTestId('discount-read-only')).toBeTruthy();
    expect(screen.queryByTestId('discount-save')).toBeNull();
    unmount();
    renderEdit(0, dispatcher);
    expect(await screen.findByTestId('no-access')).toBeTruthy();
    expect(within(document.body).queryByTestId('discount-name')).toBeNull();
  });
});
