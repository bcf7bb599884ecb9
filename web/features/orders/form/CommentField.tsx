import type { Order } from '@common/orders/orders.schema';
import { Button, Group, Textarea } from '@mantine/core';
import type { OrderActions } from '../actions/use-order-actions';
import type { OrderDraftState } from './use-order-draft';

interface CommentFieldProps {
  form: OrderDraftState;
  order: Order | null;
  updateComment: OrderActions['updateComment'];
}

/** 'Observații': open on every order; a placed one saves it with its own button (SPEC §4). */
export function CommentField({ form, order, updateComment }: CommentFieldProps) {
  const { draft, errors, update } = form;
  return (
    <>
      <Textarea
        label="Observații"
        // Not autosize: it needs document.fonts, and two rows suit a comment.
        rows={2}
        value={draft.comment}
        error={errors.comment}
        onChange={(event) => update({ comment: event.currentTarget.value })}
        data-testid="order-comment"
      />
      {order && form.commentEdited && (
        <Group gap="xs">
          <Button
            size="compact-xs"
            loading={updateComment.isPending}
            onClick={() =>
              updateComment.mutate(
                { id: order.id, comment: draft.comment.trim() || null },
                { onSuccess: form.endCommentEdit },
              )
            }
            data-testid="order-comment-save"
          >
            Salvează observațiile
          </Button>
        </Group>
      )}
    </>
  );
}
