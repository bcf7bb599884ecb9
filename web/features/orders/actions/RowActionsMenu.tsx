import { ActionIcon, Menu } from '@mantine/core';
import { ROW_ACTION_LABELS, type RowActionId } from './row-actions';

interface RowActionsMenuProps {
  orderId: number;
  actions: readonly RowActionId[];
  onAction: (action: RowActionId) => void;
}

/** Actions column: the actions the rules allow, in a keyboard-navigable menu. */
export function RowActionsMenu({ orderId, actions, onAction }: RowActionsMenuProps) {
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          aria-label={`Acțiuni comanda ${orderId}`}
          data-testid={`order-actions-${orderId}`}
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.stopPropagation()}
        >
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        {actions.map((action) => (
          <Menu.Item
            key={action}
            color={action === 'cancel' ? 'red' : undefined}
            data-testid={`order-action-${action}-${orderId}`}
            onClick={() => onAction(action)}
          >
            {ROW_ACTION_LABELS[action]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
