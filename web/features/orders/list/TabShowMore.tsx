import { Button, Group, Text } from '@mantine/core';
import { ordersCount } from '../../../lib/plural';
import type { TabOrders } from '../data/use-tab-orders';
import type { TabId } from '../tabs';

/**
 * The end of a tab longer than what it shows (the counter says 230, the list had
 * stopped at 50 without a word): how many are shown, and 'Afișează mai multe' for a page more.
 */
export function TabShowMore({ tab, list }: { tab: TabId; list: TabOrders }) {
  if (list.isPending || list.error) return null;
  if (!list.hasMore && !list.loadingMore && !list.moreError) return null;
  return (
    <Group justify="center" gap="sm" py="xs" data-testid={`tab-more-${tab}`}>
      <Text size="xs" c="dimmed" data-testid={`tab-shown-${tab}`}>
        {list.orders.length} din {ordersCount(list.total)}
      </Text>
      {list.moreError ? (
        <Text size="xs" c="red.7">
          {list.moreError.message}
        </Text>
      ) : (
        <Button
          variant="subtle"
          size="xs"
          loading={list.loadingMore}
          onClick={list.showMore}
          data-testid={`tab-show-more-${tab}`}
        >
          Afișează mai multe
        </Button>
      )}
    </Group>
  );
}
