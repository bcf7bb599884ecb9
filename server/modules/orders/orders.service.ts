import { BLOCKED_PHONE_MESSAGE } from '@common/blocked-phones/blocked-phones.schema';
import {
  canAssignManually,
  canCancel,
  canDuplicate,
  canMoveToPending,
  canRemoveAlwaysInCall,
  canRetry,
  isEditable,
  REFUSALS,
  updateRefusal,
} from '@common/orders/orders.rules';
import {
  type CreateOrderBodySchema,
  type ListOrdersQuery,
  ORDER_COUNT_CAP,
  type Order,
  type OrderPlaceInput,
  type UpdateOrderBody,
} from '@common/orders/orders.schema';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { utcNow } from '../../db/schema/columns';
import { AppError, conflict, notFound, validationFailed } from '../../http/app-error';
import { type AuthContext, isAdmin, scopeOf } from '../../http/auth-context';
import { TaggedCache } from '../../lib/tagged-cache';
import type { Publisher } from '../../realtime/publisher';
import { findCompanies } from '../companies/companies.repo';
import type { Idempotency } from '../idempotency/idempotency.service';
import type { DispatcherBoard } from './dispatcher-board';
import { createListHeads } from './list-heads';
import { listTags } from './list-tags';
import { createListTotals } from './list-totals';
import { insertNewOrder } from './new-order.repo';
import { listMatcher } from './order-list.match';
import { listOrdersQueries, type OrderListScope } from './order-list.repo';
import { type ReferenceFacts, referenceFacts } from './order-references.repo';
import type { OrderRow } from './orders.repo';
import * as repo from './orders.repo';
import { createPageWindows } from './page-windows';

type CreateInput = z.output<typeof CreateOrderBodySchema>;
type EditInput = Partial<CreateInput>;

/**
 * How long a deep page's window of GET /api/orders is kept at most: every change made through
 * the API reaches it at once, on every node; only direct database edits wait this long.
 */
const WINDOW_TTL_MS = 30_000;
/**
 * How long page 1 of a GET /api/orders list is kept at most (list-heads.ts): every change made
 * through this process updates it at once and another node's drops it; only direct database
 * edits wait this long. SPEC §9 polls lists every 3–15 s.
 */
const HEAD_TTL_MS = 5_000;

/**
 * A patch that asks for nothing: no field, or only `place: false` (keep a draft a draft). It
 * reads the order instead of writing it (no updated_at, history item or event; issue #3).
 */
const asksNothing = (input: EditInput) =>
  Object.entries(input).every(
    ([field, value]) => value === undefined || (field === 'place' && value === false),
  );

export interface OrdersServiceDeps {
  db: Db;
  publisher: Publisher;
  idempotency: Idempotency;
  /** Told of every change, so the consoles' cached lists never lag behind a write (DESIGN §8). */
  board: Pick<DispatcherBoard, 'orderChanged' | 'onChange' | 'page' | 'warm'>;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}

export function createOrdersService({
  db,
  publisher,
  idempotency,
  board,
  logger,
}: OrdersServiceDeps) {
  const totals = createListTotals();
  const windows = createPageWindows({
    ttlMs: WINDOW_TTL_MS,
    ahead: board.warm,
    onRefreshError: (error) =>
      logger.warn({ err: error }, 'GET /api/orders: reading a deep page window failed'),
  });
  const heads = createListHeads({
    ttlMs: HEAD_TTL_MS,
    onReloadError: (error) =>
      logger.warn({ err: error }, 'GET /api/orders: reading the first page of a list failed'),
  });
  board.onChange((change, order) => {
    totals.companiesChanged(change.company_ids, Boolean(change.created_at));
    windows.changed(
      change.company_ids,
      change.created_at ? { created_at: change.created_at, id: change.order_id } : undefined,
      order,
    );
    if (order) heads.followed(order);
    else heads.changed(change.company_ids);
  });
  /**
   * The caller's companies (type, parent) decide who dispatches a new order and what a list
   * shows; they change only by an administrator's hand, so a few seconds of reuse saves a
   * query on every order placed and every page of GET /api/orders.
   */
  const companies = new TaggedCache<string, Awaited<ReturnType<typeof findCompanies>>>({
    ttlMs: 10_000,
    maxEntries: 5_000,
  });
  const callerCompanies = (auth: AuthContext) =>
    companies.get(auth.companyIds.join(','), [], () => findCompanies(db, auth.companyIds));
  async function history(
    tx: DbOrTx,
    auth: AuthContext,
    orderId: number,
    type: string,
    details?: Record<string, unknown>,
  ) {
    await repo.addHistory(tx, {
      order_id: orderId,
      type,
      initiator: auth.userName,
      initiator_id: auth.userId,
      details,
    });
  }

  /** Loads the order as the wire has it and tells both companies' consoles (DESIGN §4 Realtime). */
  async function publishOrder(
    id: number,
    change: 'created' | 'changed' = 'changed',
  ): Promise<Order> {
    const order = await repo.findAnyOrder(db, id);
    if (!order) throw notFound('order');
    publisher.ordersChanged(board.orderChanged(order, change));
    publisher.toCompany(order.processed_by_company_id, 'order_updated', order);
    if (order.created_by_company_id !== order.processed_by_company_id) {
      publisher.toCompany(order.created_by_company_id, 'order_updated', order);
    }
    return order;
  }

  async function get(auth: AuthContext, id: number): Promise<Order> {
    const order = await repo.findOrder(db, scopeOf(auth), id);
    if (!order) throw notFound('order');
    return order;
  }

  /**
   * Who dispatches an order the caller creates: their own dispatch, courier or restaurant
   * company; a protocol company's orders go to the dispatch company it is a client of.
   */
  async function companiesFor(auth: AuthContext) {
    const mine = await callerCompanies(auth);
    const creator = mine.find((c) => c.type !== 'protocol') ?? mine[0];
    if (!creator) throw new AppError('forbidden', 'Contul nu aparține niciunei companii.');
    const processedBy =
      creator.type === 'protocol' && creator.parent_company_id
        ? creator.parent_company_id
        : creator.id;
    return { creator, processedBy, isProtocolCreator: creator.type === 'protocol' };
  }

  /** The checks zod cannot make: blocked phone, known service, options, drivers and protocol company. */
  async function checkReferences(tx: DbOrTx, processedBy: number, input: EditInput) {
    throwIfInvalid(await referenceFacts(tx, processedBy, input), processedBy, input);
  }

  function throwIfInvalid(facts: ReferenceFacts, processedBy: number, input: EditInput) {
    const errors: Record<string, string[]> = {};
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

  const placeColumns = (places: OrderPlaceInput[]) => ({ address: places[0]?.name ?? null });

  /** SPEC §7 POST /api/orders (SPEC §5 validation; DESIGN §7 Idempotency-Key). */
  async function create(auth: AuthContext, input: CreateInput, idempotencyKey: string | undefined) {
    const { creator, processedBy, isProtocolCreator } = await companiesFor(auth);
    // Read before the placing statement and judged by `onceInOneStatement`, so that a retried
    // request whose key already ran replays even if, say, its phone was blocked since. Read
    // committed inside one transaction would not keep these facts from changing either.
    const facts = await referenceFacts(db, processedBy, input);
    const protocolCompanyId = input.protocol_company_id ?? (isProtocolCreator ? creator.id : null);
    const result = await idempotency.onceInOneStatement(
      { userId: auth.userId, key: idempotencyKey, scope: 'POST /api/orders', body: input },
      () => throwIfInvalid(facts, processedBy, input),
      (claim) =>
        insertNewOrder(
          db,
          {
            placed: input.place,
            company_id: processedBy,
            created_by_company_id: creator.id,
            protocol_company_id: protocolCompanyId,
            phone: input.phone,
            client_name: input.client_name,
            about_client: input.about_client ?? null,
            comment: input.comment ?? null,
            departure_time: input.departure_time ?? null,
            service_id: input.service_id ?? 1,
            options: input.options,
            dispatcher_id: auth.userId,
            custom_driver_ids: input.custom_driver_ids,
            // SPEC §6: the logged user's companies set search_company_ids.
            search_company_ids: auth.companyIds,
            payment_type: protocolCompanyId ? 'protocol' : input.payment_type,
            always_in_call: input.always_in_call,
            places: input.places,
            ...placeColumns(input.places),
            initiator: auth.userName,
            initiator_id: auth.userId,
          },
          claim,
        ),
    );
    return {
      order: result.replayed
        ? await get(auth, result.id)
        : await publishOrder(result.id, 'created'),
      replayed: result.replayed,
    };
  }

  /** Loads the row for a rule check, or 404 for a foreign or missing id. */
  async function rowOf(tx: DbOrTx, auth: AuthContext, id: number): Promise<OrderRow> {
    const row = await repo.findOrderRow(tx, scopeOf(auth), id);
    if (!row) throw notFound('order');
    return row;
  }

  const asFacts = (row: OrderRow) => ({ ...row, state: row.state as Order['state'] });

  /**
   * SPEC §7 PATCH /api/orders/{id}. A new order is edited whole and placed with `place`; any
   * other takes only its comment, client name, notes and payment (SPEC §4, updateRefusal).
   */
  async function update(auth: AuthContext, id: number, body: UpdateOrderBody) {
    const input = body as EditInput;
    const wrote = await db.transaction(async (tx) => {
      const row = await rowOf(tx, auth, id);
      const refusal = updateRefusal(asFacts(row), body);
      if (refusal) throw conflict(refusal);
      if (asksNothing(input)) return false;
      const editable = isEditable(asFacts(row));
      const placing = editable && input.place === true;
      // Placing checks the phone the order will have: the stored one when this request sends
      // none, so a saved draft or a duplicate whose number was blocked since is refused (SPEC §5).
      await checkReferences(
        tx,
        row.processed_by_company_id,
        placing ? { ...input, phone: input.phone ?? row.phone } : input,
      );
      if (placing) {
        // Placing needs what SPEC §5 requires, whether it came in this request or earlier.
        const places = input.places ?? (await repo.placesOf(tx, id));
        const errors: Record<string, string[]> = {};
        if (places.length === 0) errors.places = ['Adresa este obligatorie.'];
        if (!(input.client_name ?? row.client_name))
          errors.client_name = ['Numele clientului este obligatoriu.'];
        if (Object.keys(errors).length > 0) throw validationFailed(errors);
      }
      const values: Partial<repo.NewOrderRow> = {
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
        ...(editable && input.phone !== undefined ? { phone: input.phone } : {}),
        ...(editable && input.service_id !== undefined
          ? { service_id: input.service_id ?? 1 }
          : {}),
        ...(editable && input.departure_time ? { departure_time: input.departure_time } : {}),
        ...(editable && input.options !== undefined ? { options: input.options } : {}),
        ...(editable && input.custom_driver_ids !== undefined
          ? { custom_driver_ids: input.custom_driver_ids }
          : {}),
        ...(editable && input.always_in_call !== undefined
          ? { always_in_call: input.always_in_call }
          : {}),
        ...(editable && input.places ? placeColumns(input.places) : {}),
        ...(placing ? { state: 'created', start_at: utcNow } : {}),
      };
      // The state guard makes a concurrent placing or edit of a new order lose cleanly.
      const updated = await repo.updateOrderWhere(
        tx,
        scopeOf(auth),
        id,
        eq(orders.state, row.state),
        values,
      );
      if (!updated) throw conflict(placing ? REFUSALS.place : REFUSALS.notEditable);
      if (editable && input.places) {
        await repo.replacePlaces(tx, id, input.places);
      }
      const phone = input.phone ?? row.phone;
      if (
        input.client_name !== undefined ||
        input.about_client !== undefined ||
        (editable && input.phone)
      ) {
        const clientId = await repo.upsertClient(tx, {
          company_id: row.processed_by_company_id,
          phone,
          name: input.client_name ?? row.client_name,
          about: input.about_client ?? row.about_client,
        });
        if (clientId !== row.client_id)
          await repo.updateOrderWhere(tx, scopeOf(auth), id, undefined, { client_id: clientId });
      }
      if (editable && input.places && updated.client_id) {
        await repo.rememberAddresses(
          tx,
          row.processed_by_company_id,
          updated.client_id,
          input.places,
        );
      }
      await history(tx, auth, id, placing ? 'created' : 'updated', { fields: Object.keys(input) });
      return true;
    });
    return wrote ? publishOrder(id) : get(auth, id);
  }

  /** SPEC §7 PATCH update-name {name, about}: allowed in any state (SPEC §2 editable client name). */
  async function updateName(
    auth: AuthContext,
    id: number,
    name: string | null,
    about: string | null | undefined,
  ) {
    await db.transaction(async (tx) => {
      const row = await rowOf(tx, auth, id);
      await repo.updateOrderWhere(tx, scopeOf(auth), id, undefined, {
        client_name: name,
        ...(about !== undefined ? { about_client: about } : {}),
      });
      if (row.client_id) await repo.updateClientName(tx, row.client_id, name, about);
      await history(tx, auth, id, 'name_updated', { name });
    });
    return publishOrder(id);
  }

  /** SPEC §7 PATCH places/{placeId}: the address edit toggle works in any state (SPEC §4). */
  async function updatePlace(
    auth: AuthContext,
    id: number,
    placeId: number,
    place: OrderPlaceInput,
  ) {
    await db.transaction(async (tx) => {
      const row = await rowOf(tx, auth, id);
      const updated = await repo.updatePlace(tx, id, placeId, place);
      if (!updated) throw notFound('address');
      if (updated.position === 0)
        await repo.updateOrderWhere(tx, scopeOf(auth), id, undefined, { address: place.name });
      if (row.client_id)
        await repo.rememberAddresses(tx, row.processed_by_company_id, row.client_id, [place]);
      await history(tx, auth, id, 'place_updated', {
        place: place.name,
        position: updated.position,
      });
    });
    return publishOrder(id);
  }

  /**
   * One guarded transition: the rule's SQL form in the UPDATE's WHERE (race-safe), the rule's
   * JS form to explain a refusal (409) after reading the row.
   */
  async function transition(
    auth: AuthContext,
    id: number,
    spec: {
      allowed: (row: OrderRow) => boolean;
      guard: ReturnType<typeof sql>;
      refusal: string;
      values: Partial<repo.NewOrderRow> | ((row: OrderRow) => Partial<repo.NewOrderRow>);
      historyType: string;
      details?: Record<string, unknown>;
    },
  ) {
    await db.transaction(async (tx) => {
      const row = await rowOf(tx, auth, id);
      if (!spec.allowed(row)) throw conflict(spec.refusal);
      const values = typeof spec.values === 'function' ? spec.values(row) : spec.values;
      const updated = await repo.updateOrderWhere(tx, scopeOf(auth), id, spec.guard, values);
      if (!updated) throw conflict(spec.refusal);
      await history(tx, auth, id, spec.historyType, spec.details);
    });
    return publishOrder(id);
  }

  /** SPEC §4: cancel only in created or assigned. */
  async function cancel(auth: AuthContext, id: number, reasonText: string | null | undefined) {
    const order = await transition(auth, id, {
      allowed: (row) => canCancel(asFacts(row)),
      guard: sql`${orders.state} in ('created', 'assigned')`,
      refusal: REFUSALS.cancel,
      values: {
        state: 'canceled',
        closed_at: utcNow,
        cancellation_reason_type: 'dispatcher_canceled',
        cancellation_reason_text: reasonText ?? null,
        cancelled_by_identifier: auth.userName,
        in_pending_queue: false,
      },
      historyType: 'canceled',
      details: reasonText ? { reason: reasonText } : undefined,
    });
    publisher.toCompany(order.processed_by_company_id, 'order_canceled', {
      reason: 'dispatcher_canceled',
      order,
    });
    return order;
  }

  /** SPEC §4: retry own canceled or pending orders; back to created, out of the queue. */
  const retry = (auth: AuthContext, id: number) =>
    transition(auth, id, {
      allowed: (row) => canRetry(asFacts(row), auth.userId),
      guard: sql`${orders.state} in ('canceled', 'pending') and ${orders.dispatcher_id} = ${auth.userId}`,
      refusal: REFUSALS.retry,
      values: {
        state: 'created',
        in_pending_queue: false,
        closed_at: null,
        start_at: utcNow,
        driver_id: null,
        car_indicativ: null,
        assigned_at: null,
        cancellation_reason_type: null,
        cancellation_reason_text: null,
        cancelled_by_identifier: null,
      },
      historyType: 'retried',
    });

  /** SPEC §4: own created or pending orders join the pending queue once. */
  const moveToPending = (auth: AuthContext, id: number) =>
    transition(auth, id, {
      allowed: (row) => canMoveToPending(asFacts(row), auth.userId),
      guard: sql`${orders.state} in ('created', 'pending') and ${orders.dispatcher_id} = ${auth.userId} and not ${orders.in_pending_queue}`,
      refusal: REFUSALS.moveToPending,
      values: { in_pending_queue: true },
      historyType: 'moved_to_pending',
    });

  /** SPEC §4: removing always_in_call sets it false. */
  const removeAlwaysInCall = (auth: AuthContext, id: number) =>
    transition(auth, id, {
      allowed: (row) => canRemoveAlwaysInCall(row),
      guard: sql`${orders.always_in_call}`,
      refusal: REFUSALS.alwaysInCall,
      values: { always_in_call: false },
      historyType: 'always_in_call_removed',
    });

  /**
   * SPEC §4: manual assignment only in canceled or pending with no driver; sets the driver and
   * finishes the order. The same guard as every assignment: `driver_id is null` in the WHERE.
   */
  async function setDriverAndFinish(auth: AuthContext, id: number, driverId: number) {
    const row = await rowOf(db, auth, id);
    const driver = await repo.findCompanyDriver(db, [row.processed_by_company_id], driverId);
    if (!driver) throw validationFailed({ driverId: ['Șoferul nu a fost găsit.'] });
    return transition(auth, id, {
      allowed: (current) => canAssignManually(asFacts(current)),
      guard: sql`${orders.state} in ('canceled', 'pending') and ${orders.driver_id} is null`,
      refusal: REFUSALS.assign,
      values: {
        driver_id: driver.id,
        car_indicativ: driver.indicativ,
        manually_assigned: true,
        state: 'finished',
        assigned_at: utcNow,
        closed_at: utcNow,
        in_pending_queue: false,
        cancellation_reason_type: null,
        cancellation_reason_text: null,
        cancelled_by_identifier: null,
      },
      historyType: 'driver_set_and_finished',
      details: { driver_id: driver.id, indicativ: driver.indicativ },
    });
  }

  /** SPEC §4: duplicate any non-new order into a new one with the current departure time. */
  async function duplicate(auth: AuthContext, id: number, idempotencyKey: string | undefined) {
    const result = await idempotency.once(
      {
        userId: auth.userId,
        key: idempotencyKey,
        scope: `POST /api/orders/${id}/duplicate`,
        body: { id },
      },
      async (tx: Tx) => {
        const row = await rowOf(tx, auth, id);
        if (!canDuplicate(asFacts(row))) throw conflict(REFUSALS.duplicate);
        const places = await repo.placesOf(tx, id);
        const copy = await repo.insertOrder(tx, {
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
          payment_type: row.payment_type,
          source: row.source,
          created_by_company_id: row.created_by_company_id,
          processed_by_company_id: row.processed_by_company_id,
          protocol_company_id: row.protocol_company_id,
          address: row.address,
        });
        await repo.insertPlaces(tx, copy.id, places);
        await history(tx, auth, copy.id, 'duplicated', { from_order_id: id });
        await history(tx, auth, id, 'duplicate_created', { order_id: copy.id });
        return { id: copy.id };
      },
    );
    if (!result.replayed) await publishOrder(result.id, 'created');
    return { id: result.id };
  }

  async function orderHistory(auth: AuthContext, id: number) {
    await rowOf(db, auth, id);
    return repo.historyOf(db, id);
  }

  /** GET /api/orders: dispatch companies by the orders they dispatch, protocol ones by those they asked for. */
  async function list(auth: AuthContext, query: ListOrdersQuery) {
    const scope: OrderListScope = isAdmin(auth)
      ? { kind: 'all' }
      : await callerCompanies(auth).then((companies) => ({
          kind: 'companies',
          processedBy: companies.filter((c) => c.type !== 'protocol').map((c) => c.id),
          createdBy: companies.filter((c) => c.type === 'protocol').map((c) => c.id),
        }));
    const statements = listOrdersQueries(db, scope, query);
    const list = {
      key: JSON.stringify([scope, query]),
      tags: listTags(scope),
      offset: (query.page - 1) * query.per_page,
      limit: query.per_page,
    };
    const matcher = () => listMatcher(scope, query);
    const [ids, counted] = await Promise.all([
      list.offset === 0
        ? heads.page(list, matcher, (count) => statements.above(null, count))
        : windows.page(list, statements, statements.pageIds, matcher),
      totals.count(scope, query, statements.total),
    ]);
    return board.page(ids, {
      total: Math.min(counted, ORDER_COUNT_CAP),
      page: query.page,
      per_page: query.per_page,
      ...(counted > ORDER_COUNT_CAP ? { total_capped: true } : {}),
    });
  }

  return {
    get,
    create,
    update,
    updateName,
    updatePlace,
    cancel,
    retry,
    moveToPending,
    removeAlwaysInCall,
    setDriverAndFinish,
    duplicate,
    orderHistory,
    list,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
