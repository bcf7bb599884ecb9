import { Alert, Loader, Stack, TextInput } from '@mantine/core';
import { useTabOrders } from '../data/use-tab-orders';
import type { Flavour } from '../labels';
import { TABS, type TabId } from '../tabs';
import { OrderTable } from './OrderTable';
import { TabShowMore } from './TabShowMore';

interface TabOrderListProps {
  tab: TabId;
  search: string;
  onSearchChange: (value: string) => void;
  userId: number;
  flavour: Flavour;
  onOpen: (id: number) => void;
}

/**
 * One tab: its search box (SPEC §5: call sign exactly or address substring), its list, and
 * below it the way to the rest of a long tab.
 */
export function TabOrderList({
  tab,
  search,
  onSearchChange,
  userId,
  flavour,
  onOpen,
}: TabOrderListProps) {
  const list = useTabOrders(tab, search);
  return (
    <Stack gap="xs" style={{ minWidth: 0 }}>
      <TextInput
        size="xs"
        type="search"
        placeholder="Caută indicativ sau adresă"
        aria-label={`Caută în ${TABS[tab].title}`}
        data-testid={`tab-search-${tab}`}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
      />
      {list.isPending ? (
        <Loader size="sm" mx="auto" my="lg" aria-label="Se încarcă" />
      ) : list.error ? (
        <Alert color="red" variant="light" data-testid={`tab-error-${tab}`}>
          {list.error.message}
        </Alert>
      ) : (
        <OrderTable
          orders={list.orders}
          userId={userId}
          flavour={flavour}
          inCallTab={tab === 'in-call'}
          emptyText={TABS[tab].empty}
          onOpen={onOpen}
          testId={`order-table-${tab}`}
        />
      )}
      <TabShowMore tab={tab} list={list} />
    </Stack>
  );
}
