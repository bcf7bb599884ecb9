import type {
  Broadcast,
  BroadcastAudience,
  Conversation,
  MarkRead,
  Message,
  Recipient,
} from '@common/messages/messages.schema';
import type { MessageReceivedPayload } from '@common/realtime/events';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound } from '../../http/app-error';
import { type AuthContext, isAdmin, scopeOf } from '../../http/auth-context';
import type { Publisher } from '../../realtime/publisher';
import type { Idempotency } from '../idempotency/idempotency.service';
import { kindOf, mayBroadcast, mayWrite, type Reach, reachIn } from './message-authority';
import * as repo from './messages.repo';

/** The company's messages to all reached the hour's limit (answered as 429 with the wait). */
class RateLimited extends Error {}

const CHOOSE_COMPANY = 'Alegeți compania.';
const NOT_YOUR_COMPANY = 'Nu puteți scrie tuturor din această companie.';

export interface MessagesDeps {
  db: Db;
  publisher: Pick<Publisher, 'toUser' | 'toDrivers' | 'toClients'>;
  idempotency: Idempotency;
  /** MESSAGE_BROADCASTS_PER_HOUR: messages to all, per company per hour. */
  broadcastsPerHour: number;
}

export interface SendInput {
  user_id: number;
  title?: string | null;
  message: string;
  company_id?: number;
  order_id?: number | null;
}

export interface ConversationQuery {
  company_id?: number;
  interlocutor_id?: number;
  receiver_id?: number;
  type?: Message['type'];
  page: number;
  per_page: number;
  before_id?: number;
}

/**
 * Messages within a company (docs/MESSAGES.md): every send, read and search acts in one company
 * where the caller may write to the other person (message-authority.ts); anyone else answers
 * 404 like an unknown id.
 */
export function createMessagesService(deps: MessagesDeps) {
  const { db, publisher, idempotency } = deps;

  /** The companies a read of the caller's own messages covers. */
  function readFilter(auth: AuthContext, companyId: number | undefined): repo.CompanyFilter {
    if (isAdmin(auth)) return companyId === undefined ? 'all' : [companyId];
    if (companyId === undefined) return auth.companyIds;
    return auth.companyIds.includes(companyId) ? [companyId] : [];
  }

  /**
   * The one company the caller acts in with this interlocutor: one both belong to (any of the
   * interlocutor's for the platform admin) where the caller may write to him, narrowed by
   * `company_id`. None: 404; several and none named: 422.
   */
  async function companyWith(
    auth: AuthContext,
    interlocutorId: number,
    companyId: number | undefined,
  ): Promise<number> {
    const person = await repo.findInterlocutor(db, scopeOf(auth), interlocutorId);
    if (!person) throw notFound('user');
    const allowed = person.companies.filter(
      (company) =>
        (companyId === undefined || company.id === companyId) &&
        mayWrite(reachIn(auth, company), auth.userId, person),
    );
    const [only, ...more] = allowed;
    if (!only) throw notFound('user');
    if (more.length > 0)
      throw new AppError('validation_failed', CHOOSE_COMPANY, { company_id: [CHOOSE_COMPANY] });
    return only.id;
  }

  /** The caller's own companies (or the one named) with what he may write in each. */
  async function reaches(auth: AuthContext, companyId: number | undefined) {
    const ids =
      companyId === undefined ? auth.companyIds : auth.companyIds.filter((id) => id === companyId);
    const companies = await repo.companyTypes(db, ids);
    return companies.map((company) => ({ id: company.id, reach: reachIn(auth, company) }));
  }

  async function send(auth: AuthContext, input: SendInput, idempotencyKey: string | undefined) {
    const companyId = await companyWith(auth, input.user_id, input.company_id);
    if (input.order_id && !(await repo.dispatchesOrder(db, companyId, input.order_id)))
      throw notFound('order');
    const result = await idempotency.once(
      {
        userId: auth.userId,
        key: idempotencyKey,
        scope: 'POST /api/messages/to-user',
        body: input,
      },
      (tx) =>
        repo.insertMessage(tx, {
          company_id: companyId,
          sender_id: auth.userId,
          user_id: input.user_id,
          title: input.title ?? null,
          message: input.message,
          order_id: input.order_id ?? null,
        }),
    );
    if (result.replayed) {
      const replayed = await repo.findOwnMessage(db, auth.userId, result.id);
      if (!replayed) throw notFound('resource');
      return replayed;
    }
    const { replayed: _, ...message } = result;
    // The recipient's devices, and the sender's other tabs.
    publisher.toUser(message.user_id, 'message received', message);
    publisher.toUser(auth.userId, 'message received', message);
    return message;
  }

  /** The company a message to all is written in: the caller's own, named when he has several. */
  async function broadcastCompany(auth: AuthContext, companyId: number | undefined) {
    if (companyId === undefined) {
      const [only, ...more] = auth.companyIds;
      if (only === undefined || more.length > 0)
        throw new AppError('validation_failed', CHOOSE_COMPANY, { company_id: [CHOOSE_COMPANY] });
      companyId = only;
    }
    if (!isAdmin(auth) && !auth.companyIds.includes(companyId)) throw forbidden(NOT_YOUR_COMPANY);
    const [company] = await repo.companyTypes(db, [companyId]);
    if (!company) throw forbidden(NOT_YOUR_COMPANY);
    if (!mayBroadcast(reachIn(auth, company))) throw forbidden(NOT_YOUR_COMPANY);
    return company.id;
  }

  async function tooMany(companyId: number) {
    const minutes = await repo.minutesUntilBroadcastAllowed(db, companyId);
    return new AppError(
      'too_many_requests',
      `Prea multe mesaje către toți: cel mult ${deps.broadcastsPerHour} pe oră. Încercați din nou peste ${minutes} ${minutes === 1 ? 'minut' : 'minute'}.`,
      undefined,
      { 'retry-after': String(minutes * 60) },
    );
  }

  async function broadcast(
    auth: AuthContext,
    audience: BroadcastAudience,
    input: { message: string; company_id?: number },
    idempotencyKey: string | undefined,
  ): Promise<Broadcast> {
    const companyId = await broadcastCompany(auth, input.company_id);
    const result = await idempotency
      .once(
        {
          userId: auth.userId,
          key: idempotencyKey,
          scope: `POST /api/messages/to-all-${audience}`,
          body: input,
        },
        async (tx) => {
          const sent = await repo.insertBroadcast(
            tx,
            { companyId, senderId: auth.userId, audience, message: input.message },
            deps.broadcastsPerHour,
          );
          // Thrown, the key's claim rolls back with the transaction: a later retry may pass.
          if (!sent) throw new RateLimited();
          return sent;
        },
      )
      .catch(async (error: unknown) => {
        throw error instanceof RateLimited ? await tooMany(companyId) : error;
      });
    if (result.replayed) {
      const replayed = await repo.findOwnBroadcast(db, auth.userId, result.id);
      if (!replayed) throw notFound('resource');
      return replayed;
    }
    const { replayed: _, ...sent } = result;
    const copy: MessageReceivedPayload = {
      id: null,
      user_id: null,
      company_id: sent.company_id,
      sender_id: sent.sender_id,
      title: null,
      message: sent.message,
      type: audience,
      order_id: null,
      broadcast_id: sent.id,
      is_read: false,
      delivered_at: null,
      read_at: null,
      created_at: sent.created_at,
    };
    // One emit for the whole audience: each reads his own copy over REST.
    if (audience === 'drivers') publisher.toDrivers(companyId, 'message received', copy);
    else publisher.toClients(companyId, 'message received', copy);
    publisher.toUser(auth.userId, 'messages_broadcast', sent);
    return sent;
  }

  async function conversations(
    auth: AuthContext,
    companyId: number | undefined,
  ): Promise<Conversation[]> {
    const rows = await repo.listConversations(db, auth.userId, readFilter(auth, companyId));
    return rows.map(({ roles, ...row }) => ({
      ...row,
      kind: kindOf(roles),
      has_unread: row.unread_count > 0,
    }));
  }

  /** Tells both people that messages of their conversation were delivered or read. */
  function tellStatus(
    status: 'delivered' | 'read',
    conversation: { recipientId: number; senderId: number; companyId: number },
    marked: repo.Marked,
  ) {
    if (marked.count === 0 || marked.up_to_id === null) return;
    const payload = {
      company_id: conversation.companyId,
      sender_id: conversation.senderId,
      user_id: conversation.recipientId,
      status,
      up_to_id: marked.up_to_id,
      at: marked.at,
    };
    publisher.toUser(conversation.senderId, 'message_status', payload);
    publisher.toUser(conversation.recipientId, 'message_status', payload);
  }

  /** One conversation's page; reading it marks delivered what the interlocutor sent him. */
  async function page(auth: AuthContext, query: ConversationQuery) {
    const interlocutorId = query.interlocutor_id ?? query.receiver_id;
    if (interlocutorId === undefined)
      throw new AppError('validation_failed', 'Alegeți conversația.', {
        interlocutor_id: ['Alegeți conversația.'],
      });
    const companyId = await companyWith(auth, interlocutorId, query.company_id);
    const conversation = { recipientId: auth.userId, senderId: interlocutorId, companyId };
    const marked = await repo.markMessages(db, 'delivered', conversation);
    tellStatus('delivered', conversation, marked);
    return repo.conversationPage(db, {
      userId: auth.userId,
      interlocutorId,
      companyId,
      type: query.type,
      page: query.page,
      perPage: query.per_page,
      beforeId: query.before_id,
    });
  }

  const unread = async (auth: AuthContext, companyId?: number) => ({
    count: await repo.unreadCount(db, auth.userId, readFilter(auth, companyId)),
  });

  /** Marks delivered or read what the interlocutor sent; answers the caller's unread count. */
  async function mark(auth: AuthContext, status: 'delivered' | 'read', body: MarkRead) {
    const companyId = await companyWith(auth, body.interlocutor_id, body.company_id);
    const conversation = { recipientId: auth.userId, senderId: body.interlocutor_id, companyId };
    const marked = await repo.markMessages(db, status, conversation);
    tellStatus(status, conversation, marked);
    return unread(auth);
  }

  async function recipients(
    auth: AuthContext,
    search: string,
    companyId: number | undefined,
  ): Promise<Recipient[]> {
    const own = await reaches(auth, companyId);
    const ids = (reach: Reach) => own.filter((c) => c.reach === reach).map((c) => c.id);
    const anyone: repo.CompanyFilter = isAdmin(auth)
      ? companyId === undefined
        ? 'all'
        : [companyId]
      : ids('anyone');
    const rows = await repo.searchRecipients(db, {
      callerId: auth.userId,
      anyone,
      consoleOnly: ids('console'),
      search,
    });
    return rows.map(({ roles, ...row }) => ({ ...row, kind: kindOf(roles) }));
  }

  return {
    send,
    broadcast,
    conversations,
    page,
    unread,
    mark,
    recipients,
    prune: (days: number) => repo.pruneMessages(db, days),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
