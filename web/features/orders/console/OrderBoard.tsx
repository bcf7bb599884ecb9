import { Badge, Group, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import type { Flavour } from '../../../lib/orders/labels';
import { ordersCount } from '../../../lib/plural';
import { useStoredState } from '../../../lib/use-stored-state';
import { useDispatcherStatistics } from '../data/use-order-statistics';
import { TabOrderList } from '../list/TabOrderList';
import { TabSearchInput } from '../list/TabSearchInput';
import { isTabId, TAB_IDS, TABS, type TabId } from '../tabs';

interface OrderBoardProps {
  userId: number;
  flavour: Flavour;
  onOpen: (id: number) => void;
}

const EMPTY_SEARCH: Record<TabId, string> = { 'in-call': '', live: '', finished: '', canceled: '' };

/**
 * the operator's order board: the tabs Live, Confirmate, Final, Anulat with their
 * counters (every 15 s), each with its own search box. The tabs sit in one row above the list
 * with the open tab's search beside them, not in a left column: at 1440 px with the order form
 * open that column took the width the address needs (docs/DECISIONS.md). Only the
 * open tab's list is mounted, so only it polls. The chosen tab is remembered on this browser.
 */
export function OrderBoard({ userId, flavour, onOpen }: OrderBoardProps) {
  const [tab, setTab] = useStoredState<TabId>('operator.tab', 'in-call', isTabId);
  const [searches, setSearches] = useState(EMPTY_SEARCH);
  const { data: counts } = useDispatcherStatistics();

  return (
    <Tabs
      value={tab}
      onChange={(value) => isTabId(value) && setTab(value)}
      variant="pills"
      keepMounted={false}
      styles={{ tab: { paddingBlock: 5, paddingInline: 12 } }}
      style={{ flex: 1, minHeight: 0, minWidth: 0, display: 'flex', flexDirection: 'column' }}
    >
      <Group gap="sm" justify="space-between" wrap="nowrap" mb={6}>
        <Tabs.List aria-label="Liste comenzi" style={{ flexWrap: 'nowrap' }}>
          {TAB_IDS.map((id) => (
            <Tabs.Tab
              key={id}
              value={id}
              data-testid={`tab-${id}`}
              title={
                counts
                  ? `${TABS[id].title}: ${ordersCount(counts[TABS[id].statKey])}`
                  : TABS[id].title
              }
            >
              <Group gap={8} wrap="nowrap">
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
        <TabSearchInput
          tab={tab}
          value={searches[tab]}
          onChange={(value) => setSearches((prev) => ({ ...prev, [tab]: value }))}
        />
      </Group>
      {TAB_IDS.map((id) => (
        <Tabs.Panel
          key={id}
          value={id}
          style={{ flex: 1, minHeight: 0, minWidth: 0, display: 'flex', flexDirection: 'column' }}
        >
          <TabOrderList
            tab={id}
            search={searches[id]}
            userId={userId}
            flavour={flavour}
            onOpen={onOpen}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
