import { Button } from '@mantine/core';
import { useState } from 'react';
import { useCurrentUser } from '../auth/use-current-user';
import { PriorityWindow } from './PriorityWindow';

/** SPEC §6: admins and dispatchers set priority intervals (SPEC §1); other consoles look. */
const WRITER_ROLES = ['admin', 'dispatcher'] as const;

/** SPEC §2 operator top bar: the driver-priority window. */
export function PriorityWindowButton() {
  const user = useCurrentUser();
  const [opened, setOpened] = useState(false);
  const readOnly = !user.roles.some((role) => (WRITER_ROLES as readonly string[]).includes(role));
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
