import { Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import type { Flavour } from '../../../lib/orders/labels';
import { PagedOrders } from '../list/PagedOrders';
import { OrderFilterFields } from './OrderFilterFields';
import { EMPTY_FILTERS, type Filters, filtersToQuery } from './orders-search-filters';

interface OrdersSearchModalProps {
  opened: boolean;
  onClose: () => void;
  userId: number;
  flavour: Flavour;
  onOpen: (id: number) => void;
}

/** Orders search modal: GET /api/orders with the order filters, 15 a page. */
export function OrdersSearchModal({
  opened,
  onClose,
  userId,
  flavour,
  onOpen,
}: OrdersSearchModalProps) {
  const [draft, setDraft] = useState<Filters>(EMPTY_FILTERS);
  const [applied, setApplied] = useState<Filters | null>(null);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Căutare comenzi"
      size="90rem"
      data-testid="orders-search-modal"
    >
      <Stack gap="sm">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setApplied(draft);
          }}
        >
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
            <OrderFilterFields
              value={draft}
              onChange={setDraft}
              flavour={flavour}
              enabled={opened}
            />
            <Group align="flex-end" gap="xs">
              <Button type="submit" data-testid="search-submit">
                Caută
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  setDraft(EMPTY_FILTERS);
                  setApplied(null);
                }}
              >
                Resetează
              </Button>
            </Group>
          </SimpleGrid>
        </form>
        {applied && (
          <PagedOrders
            query={filtersToQuery(applied)}
            perPage={15}
            userId={userId}
            flavour={flavour}
            onOpen={onOpen}
            testId="orders-search-results"
          />
        )}
      </Stack>
    </Modal>
  );
}
