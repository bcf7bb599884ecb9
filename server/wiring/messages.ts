import type { Authenticate } from '../http/route';
import { createIdempotency } from '../modules/idempotency/idempotency.service';
import { messagesRoutes } from '../modules/messages/messages.routes';
import { createMessagesService } from '../modules/messages/messages.service';
import type { Core } from './core';

/** Messages between a company's console and its drivers and clients (docs/MESSAGES.md). */
export function wireMessages(core: Core, authenticate: Authenticate) {
  const { app, config, db, publisher } = core;
  const messages = createMessagesService({
    db,
    publisher,
    idempotency: createIdempotency(db),
    broadcastsPerHour: config.MESSAGE_BROADCASTS_PER_HOUR,
  });
  messagesRoutes(app, authenticate, messages);

  // Kept MESSAGES_KEEP_DAYS; the sweep is indexed on created_at.
  const prune = setInterval(() => {
    messages
      .prune(config.MESSAGES_KEEP_DAYS)
      .catch((error: unknown) => app.log.error({ err: error }, 'pruning old messages failed'));
  }, 60 * 60_000);
  prune.unref();
  app.addHook('onClose', async () => clearInterval(prune));
  return messages;
}
