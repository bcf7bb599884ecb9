import type { Order } from '@common/orders/orders.schema';
import { Textarea } from '@mantine/core';
import type { OrderActions } from '../actions/use-order-actions';
import { SaveEditButton } from './SaveEditButton';
import type { OrderDraftState } from './use-order-draft';

interface CommentFieldProps {
  form: OrderDraftState;
  order: Order | null;
  updateComment: OrderActions['updateComment'];
}

/** 'Observații': open on every order; a placed one saves it with its own button. */
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
        <SaveEditButton
          saving={updateComment.isPending}
          onSave={() =>
            updateComment.mutate(
              { id: order.id, comment: draft.comment.trim() || null },
              { onSuccess: form.endCommentEdit },
            )
          }
          testId="order-comment-save"
        >
          Salvează observațiile
        </SaveEditButton>
      )}
    </>
  );
}
