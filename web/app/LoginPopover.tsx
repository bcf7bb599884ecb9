import { Button, Popover, Text } from '@mantine/core';
import { useState } from 'react';
import { LoginForm } from '../features/auth/LoginForm';
import { useLoginSuccess } from './use-login-success';

/** The logged-out header's dropdown login form. */
export function LoginPopover() {
  const [opened, setOpened] = useState(false);
  const handleSuccess = useLoginSuccess();
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={300}
      trapFocus
      withArrow
    >
      <Popover.Target>
        {/* A controlled Popover.Target adds no click handler: the button toggles it. */}
        <Button
          onClick={() => setOpened((o) => !o)}
          data-testid="login-toggle"
          aria-expanded={opened}
        >
          Autentificare
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} size="sm" mb="xs">
          Intră în consola de dispecerat
        </Text>
        <LoginForm
          autoFocus
          onSuccess={(user) => {
            setOpened(false);
            handleSuccess(user);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
