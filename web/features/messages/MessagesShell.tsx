import type { LoggedUser } from '@common/auth/auth.schema';
import { can } from '@common/auth/page-access';
import { ActionIcon, Indicator, Popover, Tabs, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Icon } from '../../components/Icon';
import { type ConversationTarget, onConversationRequest } from '../../lib/chat-launcher';
import { ConversationList } from './ConversationList';
import { ConversationWindow } from './ConversationWindow';
import { NewConversation } from './NewConversation';
import { useMe } from './use-me';
import { useMessageEvents } from './use-message-events';
import { useUnreadCount } from './use-message-queries';

/**
 * The header's envelope: the unread count and the chat popover ('Conversații', 'Conversație
 * nouă', one conversation's window). Only for a console that writes to its fleet.
 */
export function MessagesShell() {
  const me = useMe();
  if (!me || !can(me, 'messagesFleet')) return null;
  return <MessagesShellFor me={me} />;
}

type Tab = 'list' | 'new';

function MessagesShellFor({ me }: { me: LoggedUser }) {
  const [opened, setOpened] = useState(false);
  const [tab, setTab] = useState<Tab>('list');
  const [target, setTarget] = useState<ConversationTarget | null>(null);
  useMessageEvents(me.id);
  const count = useUnreadCount(true).data?.count ?? 0;

  // 'Mesaj' elsewhere on the console opens that conversation here.
  useEffect(
    () =>
      onConversationRequest((requested) => {
        setTarget(requested);
        setOpened(true);
      }),
    [],
  );

  return (
    <Popover
      position="bottom-end"
      width={380}
      shadow="md"
      withArrow
      opened={opened}
      onChange={setOpened}
      closeOnEscape
    >
      <Popover.Target>
        <Tooltip label="Mesaje" openDelay={400} disabled={opened}>
          <Indicator
            label={count}
            size={16}
            color="red"
            disabled={count === 0}
            offset={4}
            data-testid="messages-count"
            data-count={count}
          >
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={`Mesaje (${count} necitite)`}
              data-testid="messages-badge"
              onClick={() => setOpened((open) => !open)}
            >
              <Icon name="mail" />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown
        p={0}
        h={520}
        style={{ display: 'flex', flexDirection: 'column' }}
        data-testid="chat-popover"
      >
        {target ? (
          <ConversationWindow
            key={`${target.userId}:${target.companyId ?? ''}`}
            target={target}
            me={me}
            onBack={() => setTarget(null)}
            onDropOrder={() => setTarget({ ...target, orderId: undefined })}
          />
        ) : (
          <Tabs
            value={tab}
            onChange={(value) => setTab(value === 'new' ? 'new' : 'list')}
            keepMounted={false}
            style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
          >
            <Tabs.List grow>
              <Tabs.Tab value="list" fz="xs" data-testid="chat-tab-list">
                Conversații
              </Tabs.Tab>
              <Tabs.Tab value="new" fz="xs" data-testid="chat-tab-new">
                Conversație nouă
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="list" style={{ flex: 1, minHeight: 0 }}>
              <ConversationList onOpen={setTarget} />
            </Tabs.Panel>
            <Tabs.Panel value="new" style={{ flex: 1, minHeight: 0 }}>
              <NewConversation onOpen={setTarget} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
