/**
 * Opens a conversation in the shell's chat from anywhere ('Mesaj' on a driver's card, his page,
 * an order): features do not import each other, so the request goes through this small store
 * and the messages shell, which is always mounted in the console's header, answers it.
 */
export interface ConversationTarget {
  userId: number;
  /** The company the conversation belongs to, when the caller knows it. */
  companyId?: number;
  /** From an order's screen: the first message names the order. */
  orderId?: number;
  /** Shown in the window's header until the conversation list names him. */
  name?: string;
  callSign?: string | null;
}

type Listener = (target: ConversationTarget) => void;
const listeners = new Set<Listener>();

export function openConversation(target: ConversationTarget): void {
  for (const listener of listeners) listener(target);
}

/** The shell listens while mounted. */
export function onConversationRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
