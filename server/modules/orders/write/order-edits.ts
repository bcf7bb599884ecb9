import { BLOCKED_PHONE_MESSAGE } from '@common/blocked-phones/blocked-phones.schema';
import {
  canDuplicate,
  isEditable,
  lacksProtocolCompany,
  PROTOCOL_COMPANY_REQUIRED,
  REFUSALS,
  updateRefusal,
} from '@common/orders/orders.rules';
import type {
  CreateOrderBodySchema,
  OrderPlaceInput,
  UpdateOrderBody,
} from '@common/orders/orders.schema';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../../db/client';
import { utcNow } from '../../../db/schema/columns';
import { AppError, conflict, notFound, validationFailed } from '../../../http/app-error';
import { type AuthContext, scopeOf } from '../../../http/auth-context';
import type { Idempotency } from '../../idempotency/idempotency.service';
import type { Fares } from '../../tariffs/fare.service';
import {
  type CallerCompanies,
  type CallerCompaniesOf,
  creatorOf,
  placingCompanies,
} from '../caller-companies';
import { appendChangesOf } from '../change-stream/order-changes.repo';
import { findOrderRow, type OrderRow, placesOf } from '../orders.repo';
import { insertNewOrder, type NewOrder } from './new-order.repo';
import { placeWithDiscount } from './order-discount-placing';
import {
  DISCOUNT_REQUIRED,
  editedDiscount,
  paymentWithout,
  placedOrderPayment,
} from './order-discounts';
import { fixedFare, intakeFare } from './order-fares';
import { type ReferenceFacts, referenceFacts } from './order-references.repo';
import * as rows from './order-rows.repo';
import { asFacts, type WriteSteps } from './write-steps';

type CreateInput = z.output<typeof CreateOrderBodySchema>;
type EditInput = Partial<CreateInput>;

/**
 * A patch that asks for nothing: no field, or only `place: false` (keep a draft a draft). It
 * reads the order instead of writing it (no updated_at, history item or event).
 */
const asksNothing = (input: EditInput) =>
  Object.entries(input).every(
    ([field, value]) => value === undefined || (field === 'place' && value === false),
  );

const placeColumns = (places: OrderPlaceInput[]) => ({ address: places[0]?.name ?? null });

/**
 * The checks zod cannot make: blocked phone, known service, options, drivers and protocol
 * company; `billing` is the payment as the order will be placed, when it is being placed.
 */
function throwIfInvalid(
  facts: ReferenceFacts,
  processedBy: number,
  input: EditInput,
  billing?: { payment_type: EditInput['payment_type']; protocol_company_id: number | null },
) {
  const errors: Record<string, string[]> = {};
  if (billing && lacksProtocolCompany(billing.payment_type, billing.protocol_company_id))
    errors.protocol_company_id = [PROTOCOL_COMPANY_REQUIRED];
  if (facts.blocked) errors.phone = [BLOCKED_PHONE_MESSAGE];
  if (!facts.serviceKnown) errors.service_id = ['Serviciul nu există.'];
  const unknown = (input.options ?? []).filter((key) => !facts.knownOptions.includes(key));
  if (unknown.length > 0) errors.options = [`Opțiune necunoscută: ${unknown.join(', ')}`];
  if (facts.driversFound !== new Set(input.custom_driver_ids ?? []).size)
    errors.custom_driver_ids = ['Șoferii aleși nu au fost găsiți.'];
  const { protocol } = facts;
  if (
    input.protocol_company_id != null &&
    (protocol?.type !== 'protocol' ||
      (protocol.parent_company_id !== processedBy && input.protocol_company_id !== processedBy))
  ) {
    errors.protocol_company_id = ['Compania de protocol nu a fost găsită.'];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** The protocol company a caller orders for, null unless he is a protocol client. */
function protocolClientOf(mine: CallerCompanies): number | null {
  const creator = creatorOf(mine);
  return creator?.type === 'protocol' ? creator.id : null;
}

/**
 * A protocol client's rides are billed to his company, which is what his lists show: he may not
 * bill another company, and a form that sends none (cash) keeps his.
 */
function billedToOwn<T extends EditInput>(protocolCompanyId: number | null, input: T): T {
  const billed = input.protocol_company_id;
  if (protocolCompanyId === null || billed === undefined || billed === protocolCompanyId)
    return input;
  if (billed !== null)
    throw validationFailed({ protocol_company_id: ['Compania de protocol nu a fost găsită.'] });
  return { ...input, protocol_company_id: protocolCompanyId };
}

/** The protocol company an edit stops billing the order to (its lists and sockets lose it). */
const protocolLeft = (row: Pick<OrderRow, 'protocol_company_id'>, input: EditInput) =>
  input.protocol_company_id !== undefined &&
  row.protocol_company_id != null &&
  row.protocol_company_id !== input.protocol_company_id
    ? row.protocol_company_id
    : null;

/** The columns an edit writes: every field of a new order, the few still editable of any other. */
function editedColumns(input: EditInput, editable: boolean, placing: boolean) {
  const values: Partial<rows.NewOrderRow> = {
    ...(input.comment !== undefined ? { comment: input.comment ?? null } : {}),
    ...(input.client_name !== undefined ? { client_name: input.client_name } : {}),
    ...(input.about_client !== undefined ? { about_client: input.about_client ?? null } : {}),
    ...(input.payment_type !== undefined ? { payment_type: input.payment_type } : {}),
    ...(input.protocol_company_id !== undefined
      ? {
          protocol_company_id: input.protocol_company_id ?? null,
          ...(input.protocol_company_id ? { payment_type: 'protocol' } : {}),
        }
      : {}),
  };
  if (!editable) return values;
  return {
    ...values,
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.service_id !== undefined ? { service_id: input.service_id ?? 1 } : {}),
    ...(input.departure_time ? { departure_time: input.departure_time } : {}),
    ...(input.options !== undefined ? { options: input.options } : {}),
    ...(input.custom_driver_ids !== undefined
      ? { custom_driver_ids: input.custom_driver_ids }
      : {}),
    ...(input.always_in_call !== undefined ? { always_in_call: input.always_in_call } : {}),
    ...(input.places ? placeColumns(input.places) : {}),
    ...(placing ? { state: 'created', start_at: utcNow } : {}),
  };
}

/** Creating, editing and copying orders, through the one write path. */
export function createOrderEdits(
  db: Db,
  steps: WriteSteps,
  idempotency: Idempotency,
  callerCompanies: CallerCompaniesOf,
  fares?: Fares,
) {
  /**
   * Who dispatches an order the caller creates: their own dispatch, courier or restaurant
   * company; a protocol company's orders go to the dispatch company it is a client of.
   */
  async function companiesFor(auth: AuthContext) {
    const placing = placingCompanies(await callerCompanies(auth));
    if (!placing) throw new AppError('forbidden', 'Contul nu aparține niciunei companii.');
    return placing;
  }

  async function checkReferences(
    tx: DbOrTx,
    processedBy: number,
    input: EditInput,
    billing?: Parameters<typeof throwIfInvalid>[3],
  ) {
    throwIfInvalid(await referenceFacts(tx, processedBy, input), processedBy, input, billing);
  }

  /**
   * A client's name or notes changed: the client's other orders embed it (orders.select.ts), so
   * they change too. Before the order's own change, which must stay the last statement.
   */
  const clientChanged = (tx: DbOrTx, clientId: number, orderId: number) =>
    appendChangesOf(tx, rows.otherOrdersOfClient(clientId, orderId));

  /**
   * The fare a new order's edit stores: the operator's price, or the estimate again when its
   * places, service or departure change (a fixed price stays unless the edit clears it). Read
   * before the edit's transaction, which keeps it only while the order is still new.
   */
  async function editedFare(auth: AuthContext, id: number, input: EditInput) {
    const { cost, places, service_id: serviceId, departure_time: departure } = input;
    if (cost === undefined && !places && serviceId === undefined && !departure) return undefined;
    if (cost != null) return fixedFare(cost);
    const row = await findOrderRow(db, scopeOf(auth), id);
    if (!row || !isEditable(asFacts(row))) return undefined;
    if (cost === undefined && row.cost_source === 'fixed') return undefined;
    return intakeFare(fares, {
      companyId: row.processed_by_company_id,
      serviceId: serviceId === undefined ? row.service_id : (serviceId ?? 1),
      places: places ?? (await placesOf(db, id)),
      departureTime: departure ?? row.departure_time,
      cost: null,
    });
  }

  /** POST /api/orders (validation; a retry with the same Idempotency-Key replays). */
  async function create(auth: AuthContext, input: CreateInput, idempotencyKey: string | undefined) {
    const { creator, processedBy, isProtocolCreator } = await companiesFor(auth);
    billedToOwn(isProtocolCreator ? creator.id : null, input);
    // Read before the placing statement and judged by `onceInOneStatement`, so that a retried
    // request whose key already ran replays even if, say, its phone was blocked since. Read
    // committed inside one transaction would not keep these facts from changing either.
    const facts = await referenceFacts(db, processedBy, input);
    // Service 1, unless the company chose its own default (/settings).
    const serviceId = input.service_id ?? facts.defaultServiceId ?? 1;
    const fare = await intakeFare(fares, {
      companyId: processedBy,
      serviceId,
      places: input.places,
      departureTime: input.departure_time,
      cost: input.cost,
    });
    const protocolCompanyId = input.protocol_company_id ?? (isProtocolCreator ? creator.id : null);
    const order: NewOrder = {
      placed: input.place,
      company_id: processedBy,
      created_by_company_id: creator.id,
      protocol_company_id: protocolCompanyId,
      phone: input.phone,
      client_name: input.client_name,
      about_client: input.about_client ?? null,
      comment: input.comment ?? null,
      departure_time: input.departure_time ?? null,
      service_id: serviceId,
      ...fare,
      discount_condition_id: null,
      discount_amount: null,
      options: input.options,
      dispatcher_id: auth.userId,
      custom_driver_ids: input.custom_driver_ids,
      // The logged user's companies set search_company_ids.
      search_company_ids: auth.companyIds,
      payment_type: protocolCompanyId ? 'protocol' : input.payment_type,
      always_in_call: input.always_in_call,
      places: input.places,
      ...placeColumns(input.places),
      initiator: auth.userName,
      initiator_id: auth.userId,
      search_due_ms: steps.searchDueMs(input.departure_time ?? null),
    };
    const conditionId = input.discount_condition_id ?? null;
    const result = await idempotency.onceInOneStatement(
      { userId: auth.userId, key: idempotencyKey, scope: 'POST /api/orders', body: input },
      // A protocol company's own user bills his company without choosing it.
      () => {
        throwIfInvalid(facts, processedBy, input, {
          payment_type: input.payment_type,
          protocol_company_id: protocolCompanyId,
        });
        if (input.payment_type === 'discount' && conditionId === null)
          throw validationFailed({ discount_condition_id: [DISCOUNT_REQUIRED] });
      },
      (claim) =>
        conditionId === null
          ? insertNewOrder(db, order, claim, steps.searchStartSql)
          : placeWithDiscount(db, conditionId, order, claim, steps.searchStartSql),
    );
    if (result.replayed) return { order: await steps.current(auth, result.id), replayed: true };
    // Placing refreshes a known client's name and notes (clientUpsertSql): their other orders
    // embed them. A statement of its own after the placing; were it lost, those rows would wait
    // for their lifetime (2 min), as before the change stream.
    const renamed =
      facts.client !== null &&
      ((input.client_name != null && input.client_name !== facts.client.name) ||
        (input.about_client != null && input.about_client !== facts.client.about));
    const seq = renamed
      ? ((await appendChangesOf(db, rows.otherOrdersOfClient(result.client_id, result.id))) ??
        result.seq)
      : result.seq;
    return { order: await steps.published(seq, result.id), replayed: false };
  }

  /**
   * PATCH /api/orders/{id}. A new order is edited whole and placed with `place`; any
   * other takes only its comment, client name, notes and payment (updateRefusal).
   */
  async function update(auth: AuthContext, id: number, body: UpdateOrderBody) {
    const input = billedToOwn(protocolClientOf(await callerCompanies(auth)), body as EditInput);
    const fare = await editedFare(auth, id, input);
    const seq = await db.transaction(async (tx) => {
      const row = await steps.rowOf(tx, auth, id);
      const refusal = updateRefusal(asFacts(row), body);
      if (refusal) throw conflict(refusal);
      if (asksNothing(input)) return null;
      const editable = isEditable(asFacts(row));
      const placing = editable && input.place === true;
      // Placing checks the phone the order will have: the stored one when this request sends
      // none, so a saved draft or a duplicate whose number was blocked since is refused.
      await checkReferences(
        tx,
        row.processed_by_company_id,
        placing ? { ...input, phone: input.phone ?? row.phone } : input,
        placing
          ? {
              payment_type: input.payment_type ?? (row.payment_type as EditInput['payment_type']),
              protocol_company_id:
                input.protocol_company_id !== undefined
                  ? (input.protocol_company_id ?? null)
                  : row.protocol_company_id,
            }
          : undefined,
      );
      if (placing) {
        // Placing needs an address and the client's name, from this request or an earlier one.
        const places = input.places ?? (await placesOf(tx, id));
        const errors: Record<string, string[]> = {};
        if (places.length === 0) errors.places = ['Adresa este obligatorie.'];
        if (!(input.client_name ?? row.client_name))
          errors.client_name = ['Numele clientului este obligatoriu.'];
        if (Object.keys(errors).length > 0) throw validationFailed(errors);
      }
      const updated = await rows.updateOrderWhere(
        tx,
        scopeOf(auth),
        id,
        rows.transitionGuards.stillIn(row.state),
        { ...editedColumns(input, editable, placing), ...(editable ? fare : {}) },
      );
      if (!updated) throw conflict(placing ? REFUSALS.place : REFUSALS.notEditable);
      if (placing)
        await steps.beginSearch(tx, id, row.processed_by_company_id, updated.departure_time);
      if (editable && input.places) await rows.replacePlaces(tx, id, input.places);
      const clientTouched =
        input.client_name !== undefined ||
        input.about_client !== undefined ||
        (editable && Boolean(input.phone));
      let clientId = row.client_id;
      if (clientTouched) {
        clientId = await rows.upsertClient(tx, {
          company_id: row.processed_by_company_id,
          phone: input.phone ?? row.phone,
          name: input.client_name ?? row.client_name,
          about: input.about_client ?? row.about_client,
        });
        if (clientId !== row.client_id)
          await rows.updateOrderWhere(tx, scopeOf(auth), id, undefined, { client_id: clientId });
      }
      if (editable && input.places && clientId) {
        await rows.rememberAddresses(tx, row.processed_by_company_id, clientId, input.places);
      }
      const discount = editable
        ? await editedDiscount(tx, {
            before: row,
            after: updated,
            clientId,
            conditionId: input.discount_condition_id,
            paymentType: input.payment_type,
          })
        : placedOrderPayment(row, input);
      if (discount) await rows.updateOrderWhere(tx, scopeOf(auth), id, undefined, discount);
      await steps.history(tx, auth, id, placing ? 'created' : 'updated', {
        fields: Object.keys(input),
      });
      if (clientTouched && clientId) await clientChanged(tx, clientId, id);
      return steps.recordChange(tx, id, 'changed', undefined, protocolLeft(row, input));
    });
    return seq === null ? steps.current(auth, id) : steps.published(seq, id);
  }

  /** PATCH update-name {name, about}: allowed in any state (editable client name). */
  async function updateName(
    auth: AuthContext,
    id: number,
    name: string | null,
    about: string | null | undefined,
  ) {
    const seq = await db.transaction(async (tx) => {
      const row = await steps.rowOf(tx, auth, id);
      await rows.updateOrderWhere(tx, scopeOf(auth), id, undefined, {
        client_name: name,
        ...(about !== undefined ? { about_client: about } : {}),
      });
      if (row.client_id) await rows.updateClientName(tx, row.client_id, name, about);
      await steps.history(tx, auth, id, 'name_updated', { name });
      if (row.client_id) await clientChanged(tx, row.client_id, id);
      return steps.recordChange(tx, id);
    });
    return steps.published(seq, id);
  }

  /** PATCH places/{placeId}: the address edit toggle works in any state. */
  async function updatePlace(
    auth: AuthContext,
    id: number,
    placeId: number,
    place: OrderPlaceInput,
  ) {
    const seq = await db.transaction(async (tx) => {
      const row = await steps.rowOf(tx, auth, id);
      const updated = await rows.updatePlace(tx, id, placeId, place);
      if (!updated) throw notFound('address');
      // updated_at moves with every change, the address column with the first place's name.
      await rows.updateOrderWhere(
        tx,
        scopeOf(auth),
        id,
        undefined,
        updated.position === 0 ? { address: place.name } : {},
      );
      if (row.client_id)
        await rows.rememberAddresses(tx, row.processed_by_company_id, row.client_id, [place]);
      await steps.history(tx, auth, id, 'place_updated', {
        place: place.name,
        position: updated.position,
      });
      return steps.recordChange(tx, id);
    });
    return steps.published(seq, id);
  }

  /** Duplicate any non-new order into a new one with the current departure time. */
  async function duplicate(auth: AuthContext, id: number, idempotencyKey: string | undefined) {
    const result = await idempotency.once(
      {
        userId: auth.userId,
        key: idempotencyKey,
        scope: `POST /api/orders/${id}/duplicate`,
        body: { id },
      },
      async (tx: Tx) => {
        const row = await steps.rowOf(tx, auth, id);
        if (!canDuplicate(asFacts(row))) throw conflict(REFUSALS.duplicate);
        const copy = await rows.insertOrder(tx, {
          state: 'new',
          departure_time: utcNow,
          service_id: row.service_id,
          phone: row.phone,
          client_name: row.client_name,
          about_client: row.about_client,
          comment: row.comment,
          client_id: row.client_id,
          options: row.options,
          dispatcher_id: auth.userId,
          custom_driver_ids: row.custom_driver_ids,
          search_company_ids: row.search_company_ids,
          // The copy goes without the discount (its use was the original's).
          payment_type: paymentWithout(row),
          source: row.source,
          created_by_company_id: row.created_by_company_id,
          processed_by_company_id: row.processed_by_company_id,
          protocol_company_id: row.protocol_company_id,
          address: row.address,
        });
        await rows.insertPlaces(tx, copy.id, await placesOf(tx, id));
        await steps.history(tx, auth, copy.id, 'duplicated', { from_order_id: id });
        await steps.history(tx, auth, id, 'duplicate_created', { order_id: copy.id });
        // The original gained a history item (its side panel shows it): a change of its own.
        await steps.recordChange(tx, id);
        return { id: copy.id, seq: await steps.recordChange(tx, copy.id, 'created') };
      },
    );
    if (!result.replayed) await steps.published(result.seq, result.id);
    return { id: result.id };
  }

  return { create, update, updateName, updatePlace, duplicate };
}
