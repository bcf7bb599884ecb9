import { Badge, Group, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useStoredState } from '../../../lib/use-stored-state';
import { useDispatcherStatistics } from '../data/use-order-statistics';
import type { Flavour } from '../labels';
import { TabOrderList } from '../list/TabOrderList';
import { isTabId, TAB_IDS, TABS, type TabId } from '../tabs';

interface OrderBoardProps {
  userId: number;
  flavour: Flavour;
  onOpen: (id: number) => void;
}

const EMPTY_SEARCH: Record<TabId, string> = { 'in-call': '', live: '', finished: '', canceled: '' };

/**
 * SPEC §2 the operator's left side: the tabs Live, Confirmate, Final, Anulat with their
 * counters (every 15 s), each with its own search box. Only the open tab's list is mounted,
 * so only it polls. The chosen tab is remembered on this browser.
 */
export function OrderBoard({ userId, flavour, onOpen }: OrderBoardProps) {
  const [tab, setTab] = useStoredState<TabId>('operator.tab', 'in-call', isTabId);
  const [searches, setSearches] = useState(EMPTY_SEARCH);
  const { data: counts } = useDispatcherStatistics();

  return (
    <Tabs
      value={tab}
      onChange={(value) => isTabId(value) && setTab(value)}
      orientation="vertical"
      variant="pills"
      keepMounted={false}
      style={{ minWidth: 0, flex: 1 }}
    >
      <Tabs.List aria-label="Liste comenzi" w={168}>
        {TAB_IDS.map((id) => (
          <Tabs.Tab key={id} value={id} data-testid={`tab-${id}`} title={TABS[id].title}>
            <Group gap="xs" justify="space-between" wrap="nowrap" w={128}>
              <Text size="sm" fw={500}>
                {TABS[id].label}
              </Text>
              <Badge
                size="sm"
                variant={tab === id ? 'white' : 'light'}
                color={id === 'in-call' && (counts?.in_call ?? 0) > 0 ? 'orange' : 'gray'}
                data-testid={`tab-count-${id}`}
                // A counter never shrinks: with two or three digits it was cut to one.
                style={{ flexShrink: 0, overflow: 'visible' }}
              >
                {counts ? counts[TABS[id].statKey] : '–'}
              </Badge>
            </Group>
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TAB_IDS.map((id) => (
        <Tabs.Panel key={id} value={id} pl="sm" style={{ minWidth: 0 }}>
          <TabOrderList
            tab={id}
            search={searches[id]}
            onSearchChange={(value) => setSearches((prev) => ({ ...prev, [id]: value }))}
            userId={userId}
            flavour={flavour}
            onOpen={onOpen}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
