import { describe, expect, it } from 'vitest';
import { buildOrder, dispatcher } from '../../../test/order-fixtures';
import {
  draftFromOrder,
  draftToBody,
  emptyDraft,
  emptyPlace,
  type OrderDraft,
  pricedPlaces,
  serverErrorsToForm,
  validateDraft,
} from './order-form';

const picked = (name = 'Strada Mare 1') => ({
  ...emptyPlace(),
  name,
  place_id: 'x',
  lat: 47.1,
  long: 27.5,
});

const filled = (patch: Partial<OrderDraft> = {}): OrderDraft => ({
  ...emptyDraft('taxi'),
  places: [picked()],
  phone: '0722 111 222',
  client_name: ' Ion ',
  ...patch,
});

describe('order form rules', () => {
  it('starts with the defaults: cash, service 1, departure now, one place', () => {
    const draft = emptyDraft('taxi');
    expect(draft.payment_type).toBe('cash');
    expect(draft.service_id).toBe(1);
    expect(draft.departure).toBeNull();
    expect(draft.places).toHaveLength(1);
  });

  it('starts with the company’s own default service when /settings chose one', () => {
    const company = {
      ...dispatcher.companies[0],
      default_service_id: 7,
    } as (typeof dispatcher.companies)[0];
    expect(emptyDraft('taxi', { companies: [company] }).service_id).toBe(7);
    expect(emptyDraft('taxi', dispatcher).service_id).toBe(1);
  });

  it('starts a delivery with pickup A at the company and an empty drop-off B', () => {
    const draft = emptyDraft('delivery', dispatcher);
    expect(draft.places.map((p) => [p.name, p.lat, p.long])).toEqual([
      ['Taxi Nord', 47.16, 27.58],
      ['', null, null],
    ]);
    expect(validateDraft({ ...draft, phone: '0722111222', client_name: 'X' }, 'delivery')).toEqual({
      'places.1.name': 'Adresa de livrare este obligatorie.',
    });
  });

  it('requires phone, client name and an address', () => {
    expect(validateDraft(emptyDraft('taxi'), 'taxi')).toEqual({
      phone: 'Telefonul este obligatoriu.',
      client_name: 'Numele clientului este obligatoriu.',
      'places.0.name': 'Adresa este obligatorie.',
    });
  });

  it('refuses an address typed but not picked, and a phone that cannot be one', () => {
    const draft = filled({ places: [{ ...emptyPlace(), name: 'Strada' }], phone: '12' });
    expect(validateDraft(draft, 'taxi')).toEqual({
      phone: 'Număr de telefon invalid.',
      'places.0.name': 'Alegeți adresa din listă.',
    });
  });

  it('accepts a complete draft', () => {
    expect(validateDraft(filled(), 'taxi')).toEqual({});
  });

  it('builds the body: normalised phone, trimmed name, filled places only, place: true', () => {
    const now = new Date(Date.UTC(2030, 0, 1, 8, 30, 15));
    const body = draftToBody(filled({ places: [picked(), emptyPlace()] }), now);
    expect(body).toMatchObject({
      phone: '+40722111222',
      client_name: 'Ion',
      departure_time: '2030-01-01 08:30:15',
      payment_type: 'cash',
      protocol_company_id: null,
      service_id: 1,
      place: true,
    });
    expect(body.places).toEqual([
      {
        name: 'Strada Mare 1',
        place_id: 'x',
        lat: 47.1,
        long: 27.5,
        bloc: null,
        scara: null,
        reper: null,
        comment: null,
      },
    ]);
  });

  it('sends the protocol company only with the protocol payment type', () => {
    expect(
      draftToBody(filled({ payment_type: 'protocol', protocol_company_id: 9 })).protocol_company_id,
    ).toBe(9);
    expect(
      draftToBody(filled({ payment_type: 'cash', protocol_company_id: 9 })).protocol_company_id,
    ).toBeNull();
  });

  it("sends 'Preț fix' as cost in bani, and nothing when it is empty", () => {
    expect(draftToBody(filled({ fixed_price: '40,5' })).cost).toBe(4050);
    expect(draftToBody(filled({ fixed_price: '  ' }))).not.toHaveProperty('cost');
    expect(validateDraft(filled({ fixed_price: '40 lei' }), 'taxi')).toEqual({
      fixed_price: 'Introduceți o sumă, de ex. 2,80',
    });
    expect(serverErrorsToForm({ cost: ['Cel mult 100.000,00 RON.'] }, filled())).toEqual({
      fixed_price: 'Cel mult 100.000,00 RON.',
    });
  });

  it('prices only from a pickup with coordinates, over the places that have them', () => {
    expect(pricedPlaces(filled({ places: [emptyPlace(), picked('B')] }))).toEqual([]);
    expect(pricedPlaces(filled({ places: [picked('A'), emptyPlace(), picked('C')] }))).toEqual([
      { lat: 47.1, long: 27.5 },
      { lat: 47.1, long: 27.5 },
    ]);
  });

  it('maps server field paths back to the form, places by their sent index', () => {
    const draft = filled({ places: [emptyPlace(), picked('A'), picked('B')] });
    expect(
      serverErrorsToForm(
        {
          phone: ['Numărul de telefon este blocat.'],
          'places.1.lat': ['Invalid'],
          places: ['x', 'y'],
        },
        draft,
      ),
    ).toEqual({
      phone: 'Numărul de telefon este blocat.',
      'places.2.name': 'Invalid',
      'places.1.name': 'x y',
    });
  });

  it('reads an order back, following the clock unless it is planned later', () => {
    const now = new Date(Date.UTC(2030, 0, 1, 8, 0, 0));
    const soon = draftFromOrder(buildOrder({ departure_time: '2030-01-01 08:01:00' }), now);
    expect(soon.departure).toBeNull();
    const later = draftFromOrder(buildOrder({ departure_time: '2030-01-01 10:00:00' }), now);
    expect(later.departure).not.toBeNull();
    expect(soon.places[0]?.key).toBe('saved-11');
    expect(soon.client_name).toBe('Ion Popescu');
  });

  it('gives a call’s new order without an address an empty place A to type it in', () => {
    const draft = draftFromOrder(buildOrder({ state: 'new', places: [], address: null }));
    expect(draft.places).toHaveLength(1);
    expect(draft.places[0]).toMatchObject({ name: '', lat: null, id: null });
  });
});
