import { SEARCH_CONFIG_EDITORS } from '@common/dispatch/search-config.schema';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useCurrentUser } from '../auth';
import { PriorityWindow } from './PriorityWindow';

/** Operator top bar: the driver-priority window. */
export function PriorityWindowButton() {
  const user = useCurrentUser();
  const [opened, setOpened] = useState(false);
  const readOnly = !user.roles.some((role) =>
    (SEARCH_CONFIG_EDITORS as readonly string[]).includes(role),
  );
  return (
    <>
      <Button
        variant="default"
        size="xs"
        onClick={() => setOpened(true)}
        data-testid="open-priority-window"
      >
        Prioritate
      </Button>
      {opened && <PriorityWindow opened onClose={() => setOpened(false)} readOnly={readOnly} />}
    </>
  );
}
