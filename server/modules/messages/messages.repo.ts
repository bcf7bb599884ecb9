import type { CompanyType } from '@common/auth/auth.schema';
import type {
  Broadcast,
  BroadcastAudience,
  Message,
  MessageType,
} from '@common/messages/messages.schema';
import { and, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf, type Tx } from '../../db/client';
import {
  companies,
  companyUsers,
  messageBroadcasts,
  messages,
  orders,
  users,
} from '../../db/schema';
import { utcNow } from '../../db/schema/columns';
import { intArray } from '../../db/sql';
import type { TenantScope } from '../../http/auth-context';

/** Which companies a read covers: some, or every one (the platform admin's own messages). */
export type CompanyFilter = number[] | 'all';

const inCompanies = (column: SQL | typeof messages.company_id, filter: CompanyFilter): SQL =>
  filter === 'all' ? sql`true` : sql`${column} = any(${intArray(filter)})`;

/** A UTC timestamp as the API writes it, from raw SQL (the builder's columns do it themselves). */
const utcText = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')`;

const messageColumns = {
  id: messages.id,
  company_id: messages.company_id,
  sender_id: messages.sender_id,
  user_id: messages.user_id,
  title: messages.title,
  message: messages.message,
  type: messages.type,
  order_id: messages.order_id,
  broadcast_id: messages.broadcast_id,
  delivered_at: messages.delivered_at,
  read_at: messages.read_at,
  created_at: messages.created_at,
};
type MessageRow = Omit<Message, 'is_read' | 'type'> & { type: string };

const toMessage = (row: MessageRow): Message => ({
  ...row,
  type: row.type as MessageType,
  is_read: row.read_at !== null,
});

/** A person to write to, with his companies within the caller's scope; none when disabled. */
export interface Interlocutor {
  id: number;
  roles: string[];
  companies: { id: number; type: CompanyType }[];
}

export async function findInterlocutor(
  db: DbOrTx,
  scope: TenantScope,
  userId: number,
): Promise<Interlocutor | undefined> {
  const inScope =
    scope.kind === 'all' ? sql`true` : sql`cu.company_id = any(${intArray(scope.companyIds)})`;
  const [row] = rowsOf<Interlocutor>(
    await db.execute(sql`select u.id, u.roles,
        coalesce(json_agg(json_build_object('id', c.id, 'type', c.type) order by c.id)
          filter (where c.id is not null), '[]'::json) as companies
      from ${users} u
      left join ${companyUsers} cu on cu.user_id = u.id and ${inScope}
      left join ${companies} c on c.id = cu.company_id
      where u.id = ${userId} and u.disabled_at is null
      group by u.id`),
  );
  return row;
}

/** The companies' types (what the caller may write in each). */
export async function companyTypes(
  db: DbOrTx,
  ids: number[],
): Promise<{ id: number; type: CompanyType }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: companies.id, type: companies.type })
    .from(companies)
    .where(sql`${companies.id} = any(${intArray(ids)})`)
    .orderBy(companies.id);
  return rows.map((row) => ({ id: row.id, type: row.type as CompanyType }));
}

/** Whether the company dispatches the order (a message may name only its own orders). */
export async function dispatchesOrder(db: DbOrTx, companyId: number, orderId: number) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.processed_by_company_id, companyId)))
    .limit(1);
  return row !== undefined;
}

export interface NewMessage {
  company_id: number;
  sender_id: number;
  user_id: number;
  title: string | null;
  message: string;
  order_id: number | null;
}

export async function insertMessage(db: DbOrTx, values: NewMessage): Promise<Message> {
  const [row] = await db
    .insert(messages)
    .values({ ...values, type: 'chat' })
    .returning(messageColumns);
  if (!row) throw new Error('message insert returned no row');
  return toMessage(row);
}

/** One message the user sent or received (a replayed send answers it). */
export async function findOwnMessage(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .where(
      and(eq(messages.id, id), or(eq(messages.sender_id, userId), eq(messages.user_id, userId))),
    )
    .limit(1);
  return row ? toMessage(row) : undefined;
}

/** The rate limit's lock (with the company): two broadcasts of one company never both pass the count. */
const BROADCAST_LOCK = 7_340_001;

/**
 * A message to all the company's drivers or clients (not disabled, not the sender): the
 * broadcast row and every copy in one statement, if fewer than `perHour` were sent by the company
 * in the last hour; undefined when the limit is reached. Runs in the caller's transaction, whose
 * lock makes the count and the insert one step per company.
 */
export async function insertBroadcast(
  tx: Tx,
  values: { companyId: number; senderId: number; audience: BroadcastAudience; message: string },
  perHour: number,
): Promise<Broadcast | undefined> {
  const role = values.audience === 'drivers' ? 'driver' : 'client';
  await tx.execute(
    sql`select pg_advisory_xact_lock(${BROADCAST_LOCK}::int, ${values.companyId}::int)`,
  );
  const [row] = rowsOf<Broadcast>(
    await tx.execute(sql`with recent as (
        select count(*)::int as n from ${messageBroadcasts}
        where company_id = ${values.companyId} and created_at > ${utcNow} - interval '1 hour'
      ), audience as (
        select u.id from ${companyUsers} cu join ${users} u on u.id = cu.user_id
        where cu.company_id = ${values.companyId} and ${role} = any(u.roles)
          and u.disabled_at is null and u.id <> ${values.senderId}
      ), broadcast as (
        insert into ${messageBroadcasts} (company_id, sender_id, audience, message, recipients)
        select ${values.companyId}::int, ${values.senderId}::int, ${values.audience}::text,
          ${values.message}::text,
          (select count(*)::int from audience)
        from recent where n < ${perHour}
        returning id, company_id, sender_id, audience, message, recipients, created_at
      ), copies as (
        insert into ${messages} (company_id, sender_id, user_id, message, type, broadcast_id)
        select b.company_id, b.sender_id, a.id, b.message, b.audience, b.id
        from broadcast b cross join audience a
        returning 1
      )
      select b.id, b.company_id, b.sender_id, b.audience, b.message,
        (select count(*)::int from copies) as recipients, ${utcText(sql`b.created_at`)} as created_at
      from broadcast b`),
  );
  return row;
}

/** Minutes until the company's oldest broadcast of the last hour leaves the window (≥ 1). */
export async function minutesUntilBroadcastAllowed(db: DbOrTx, companyId: number) {
  const [row] = rowsOf<{ minutes: number | null }>(
    await db.execute(sql`select ceil(extract(epoch from
        (min(created_at) + interval '1 hour' - ${utcNow})) / 60)::int as minutes
      from ${messageBroadcasts}
      where company_id = ${companyId} and created_at > ${utcNow} - interval '1 hour'`),
  );
  return Math.max(1, row?.minutes ?? 1);
}

/** A broadcast the user sent (a replayed send answers it). */
export async function findOwnBroadcast(db: DbOrTx, senderId: number, id: number) {
  const [row] = await db
    .select({
      id: messageBroadcasts.id,
      company_id: messageBroadcasts.company_id,
      sender_id: messageBroadcasts.sender_id,
      audience: messageBroadcasts.audience,
      message: messageBroadcasts.message,
      recipients: messageBroadcasts.recipients,
      created_at: messageBroadcasts.created_at,
    })
    .from(messageBroadcasts)
    .where(and(eq(messageBroadcasts.id, id), eq(messageBroadcasts.sender_id, senderId)))
    .limit(1);
  return row ? { ...row, audience: row.audience as BroadcastAudience } : undefined;
}

const CONVERSATIONS_LIMIT = 200;
const LAST_MESSAGE_LENGTH = 200;

export interface ConversationRow {
  interlocutor_id: number;
  company_id: number;
  name: string;
  phone: string | null;
  email: string;
  identifier: string | null;
  roles: string[];
  last_message_at: string;
  last_message: string;
  last_message_mine: boolean;
  unread_count: number;
}

/**
 * The user's conversations (company and interlocutor), the newest first, with the last message
 * and what he has not read. His own copies of a message to all are left out of his list: one
 * broadcast would otherwise open a conversation with every driver.
 */
export async function listConversations(
  db: DbOrTx,
  userId: number,
  filter: CompanyFilter,
): Promise<ConversationRow[]> {
  const company = inCompanies(sql`m.company_id`, filter);
  return rowsOf<ConversationRow>(
    await db.execute(sql`with mine as (
        select m.id, m.company_id, m.sender_id as other, m.message, m.created_at, false as mine
        from ${messages} m where m.user_id = ${userId} and ${company}
        union all
        select m.id, m.company_id, m.user_id, m.message, m.created_at, true
        from ${messages} m where m.sender_id = ${userId} and m.broadcast_id is null and ${company}
      ), last as (
        select distinct on (company_id, other) * from mine order by company_id, other, id desc
      ), unread as (
        select m.company_id, m.sender_id as other, count(*)::int as n from ${messages} m
        where m.user_id = ${userId} and m.read_at is null and ${company}
        group by m.company_id, m.sender_id
      )
      select l.other as interlocutor_id, l.company_id, u.name, u.phone, u.email, u.identifier,
        u.roles, ${utcText(sql`l.created_at`)} as last_message_at,
        left(l.message, ${LAST_MESSAGE_LENGTH}) as last_message, l.mine as last_message_mine,
        coalesce(n.n, 0) as unread_count
      from last l
      join ${users} u on u.id = l.other
      left join unread n on n.company_id = l.company_id and n.other = l.other
      order by l.id desc
      limit ${CONVERSATIONS_LIMIT}`),
  ).map((row) => ({ ...row, unread_count: Number(row.unread_count) }));
}

export interface PageQuery {
  userId: number;
  interlocutorId: number;
  companyId: number;
  type?: MessageType;
  page: number;
  perPage: number;
  beforeId?: number;
}

/** One page of a conversation, the newest first; `has_more` when older messages remain. */
export async function conversationPage(db: DbOrTx, query: PageQuery) {
  const { userId, interlocutorId } = query;
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .where(
      and(
        eq(messages.company_id, query.companyId),
        or(
          and(eq(messages.user_id, userId), eq(messages.sender_id, interlocutorId)),
          and(eq(messages.user_id, interlocutorId), eq(messages.sender_id, userId)),
        ),
        query.type ? eq(messages.type, query.type) : undefined,
        query.beforeId ? lt(messages.id, query.beforeId) : undefined,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(query.perPage + 1)
    .offset(query.beforeId ? 0 : (query.page - 1) * query.perPage);
  return {
    data: rows.slice(0, query.perPage).map(toMessage),
    has_more: rows.length > query.perPage,
  };
}

/** What the user has not read (the partial unread index). */
export async function unreadCount(db: DbOrTx, userId: number, filter: CompanyFilter) {
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from ${messages} m
      where m.user_id = ${userId} and m.read_at is null and ${inCompanies(sql`m.company_id`, filter)}`),
  );
  return Number(row?.count ?? 0);
}

export interface Marked {
  count: number;
  up_to_id: number | null;
  at: string;
}

/**
 * Marks delivered, or read (and delivered), what `senderId` wrote to `recipientId` in the company
 * and was not yet; answers how many and the newest one's id.
 */
export async function markMessages(
  db: DbOrTx,
  status: 'delivered' | 'read',
  conversation: { recipientId: number; senderId: number; companyId: number },
): Promise<Marked> {
  const set =
    status === 'read'
      ? sql`read_at = ${utcNow}, delivered_at = coalesce(delivered_at, ${utcNow})`
      : sql`delivered_at = ${utcNow}`;
  const pending = status === 'read' ? sql`read_at is null` : sql`delivered_at is null`;
  const [row] = rowsOf<Marked>(
    await db.execute(sql`with marked as (
        update ${messages} set ${set}
        where user_id = ${conversation.recipientId} and sender_id = ${conversation.senderId}
          and company_id = ${conversation.companyId} and ${pending}
        returning id
      )
      select count(*)::int as count, max(id) as up_to_id, ${utcText(utcNow)} as at from marked`),
  );
  if (!row) throw new Error('marking messages returned no row');
  return {
    count: Number(row.count),
    up_to_id: row.up_to_id === null ? null : Number(row.up_to_id),
    at: row.at,
  };
}

const RECIPIENTS_LIMIT = 20;
const CONSOLE_ROLES_SQL = sql`array['admin','manager','dispatcher','company']::text[]`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface RecipientRow {
  id: number;
  company_id: number;
  name: string;
  phone: string | null;
  identifier: string | null;
  roles: string[];
}

/**
 * People the caller may write to, found by name; a driver also by his call sign, a client by his
 * phone. `anyone`: the companies where he may write to anyone ('all' for the platform admin);
 * `consoleOnly`: those where only to console users (he is a driver or a client there).
 */
export async function searchRecipients(
  db: DbOrTx,
  query: {
    callerId: number;
    anyone: CompanyFilter;
    consoleOnly: number[];
    search: string;
  },
): Promise<RecipientRow[]> {
  const like = `%${escapeLike(query.search.toLowerCase())}%`;
  // A phone typed in any format: its digits, without the national 0 or the country code.
  const digits = query.search.replace(/\D/g, '').replace(/^(40|0)/, '');
  const byPhone =
    digits.length >= 3
      ? sql`('client' = any(u.roles) and u.phone like ${`%${digits}%`})`
      : sql`false`;
  const anyone =
    query.anyone === 'all' || query.anyone.length > 0
      ? inCompanies(sql`cu.company_id`, query.anyone)
      : sql`false`;
  const consoleOnly =
    query.consoleOnly.length > 0
      ? sql`(cu.company_id = any(${intArray(query.consoleOnly)}) and u.roles && ${CONSOLE_ROLES_SQL})`
      : sql`false`;
  return rowsOf<RecipientRow>(
    await db.execute(sql`select u.id, cu.company_id, u.name, u.phone, u.identifier, u.roles
      from ${companyUsers} cu join ${users} u on u.id = cu.user_id
      where (${anyone} or ${consoleOnly})
        and u.disabled_at is null and u.id <> ${query.callerId}
        and (f_unaccent(lower(u.name)) like f_unaccent(${like})
          or ('driver' = any(u.roles) and lower(u.identifier) like ${like})
          or ${byPhone})
      order by u.name, u.id, cu.company_id
      limit ${RECIPIENTS_LIMIT}`),
  );
}

/** Messages (and broadcasts) older than `days` days go; answers how many messages went. */
export async function pruneMessages(db: DbOrTx, days: number) {
  const cutoff = sql`${utcNow} - make_interval(days => ${days}::int)`;
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`with gone as (
        delete from ${messages} where created_at < ${cutoff} returning 1
      ), broadcasts as (
        delete from ${messageBroadcasts} where created_at < ${cutoff} returning 1
      )
      select (select count(*)::int from gone) as count, (select count(*) from broadcasts) as b`),
  );
  return Number(row?.count ?? 0);
}
