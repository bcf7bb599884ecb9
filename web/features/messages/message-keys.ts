/** The messages' caches: the shell's count, the conversation list, one window, a search. */
export const messageKeys = {
  all: ['messages'] as const,
  unread: ['messages', 'unread'] as const,
  conversations: ['messages', 'conversations'] as const,
  window: (interlocutorId: number, companyId: number | undefined) =>
    ['messages', 'window', interlocutorId, companyId ?? null] as const,
  windows: ['messages', 'window'] as const,
  recipients: (search: string) => ['messages', 'recipients', search] as const,
};
