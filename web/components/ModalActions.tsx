import { Button, type ButtonProps, Group } from '@mantine/core';

export interface ModalActionsProps {
  onCancel: () => void;
  submit: {
    label: string;
    testId: string;
    loading: boolean;
    color?: ButtonProps['color'];
    /** Without it the button submits the modal's form. */
    onClick?: () => void;
  };
}

/** A modal's last row: 'Renunță', then the submit, at the right. */
export function ModalActions({ onCancel, submit }: ModalActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Renunță
      </Button>
      <Button
        type={submit.onClick ? 'button' : 'submit'}
        color={submit.color}
        loading={submit.loading}
        onClick={submit.onClick}
        data-testid={submit.testId}
      >
        {submit.label}
      </Button>
    </Group>
  );
}
