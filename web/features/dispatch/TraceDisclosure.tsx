import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { Icon } from '../../components/Icon';
import { DispatchTraceView } from './DispatchTraceView';

/**
 * The order screen's 'De ce?' under the search panel: the dispatch trace on demand (closed by
 * default, so the screen reads it only when a dispatcher asks why).
 */
export function TraceDisclosure({ orderId }: { orderId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap={4}>
      <Button
        variant="subtle"
        size="compact-xs"
        color="gray"
        justify="flex-start"
        w="fit-content"
        rightSection={
          <Icon
            name="chevronDown"
            size={12}
            style={{ transform: open ? 'rotate(180deg)' : undefined }}
          />
        }
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        data-testid="dispatch-why"
      >
        De ce?
      </Button>
      {open && <DispatchTraceView orderId={orderId} />}
    </Stack>
  );
}
