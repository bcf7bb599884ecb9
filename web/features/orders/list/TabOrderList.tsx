import { Alert, Box, Loader } from '@mantine/core';
import type { Flavour } from '../../../lib/orders/labels';
import { useTabOrders } from '../data/use-tab-orders';
import { TABS, type TabId } from '../tabs';
import { OrderTable } from './OrderTable';
import { TabShowMore } from './TabShowMore';

interface TabOrderListProps {
  tab: TabId;
  /** The tab's search (call sign exactly or address substring), typed in TabSearchInput. */
  search: string;
  userId: number;
  flavour: Flavour;
  onOpen: (id: number) => void;
}

/**
 * One tab's list, scrolling on its own in the height the console leaves it, its
 * header sticky, and at its end the way to the rest of a long tab.
 */
export function TabOrderList({ tab, search, userId, flavour, onOpen }: TabOrderListProps) {
  const list = useTabOrders(tab, search);
  return (
    <Box
      style={{
        flex: 1,
        minHeight: 0,
        minWidth: 0,
        overflow: 'auto',
        overscrollBehavior: 'contain',
      }}
      data-testid={`tab-scroll-${tab}`}
    >
      {list.isPending ? (
        <Loader size="sm" mx="auto" my="lg" display="block" aria-label="Se încarcă" />
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
    </Box>
  );
}
