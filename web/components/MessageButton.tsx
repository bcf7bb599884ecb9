import { can } from '@common/auth/page-access';
import { Button } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { type ConversationTarget, openConversation } from '../lib/chat-launcher';
import { session } from '../lib/session';
import { Icon } from './Icon';

/**
 * 'Mesaj': opens the person's conversation in the header's chat. Only for those who may write
 * to the company's drivers and clients (the same ability as the header's envelope).
 */
export function MessageButton({ target, testId }: { target: ConversationTarget; testId: string }) {
  const user = useSyncExternalStore(session.subscribe, session.get)?.user;
  if (!user || !can(user, 'messagesFleet')) return null;
  return (
    <Button
      size="compact-xs"
      variant="default"
      leftSection={<Icon name="mail" size={12} />}
      onClick={() => openConversation(target)}
      data-testid={testId}
    >
      Mesaj
    </Button>
  );
}
