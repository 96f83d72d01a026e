import { ReasonDialog, type ReasonDialogState } from './ReasonDialog';

const MIN_REASON_LENGTH = 3;

interface RejectReviewDialogProps extends ReasonDialogState {
  /** The dialog's question; one review by default. */
  title?: string;
  /** The confirming button's label: Reject by default. */
  confirmLabel?: string;
  onReject: (reason: string) => void;
}

/**
 * Asks the moderator why a review is rejected (or stays so): the author sees the reason on their
 * reviews.
 */
export function RejectReviewDialog({
  title = 'Reject this review?',
  confirmLabel = 'Reject',
  onReject,
  ...dialog
}: RejectReviewDialogProps) {
  return (
    <ReasonDialog
      {...dialog}
      title={title}
      explanation="The author will see your reason with their review."
      fieldLabel="Reason"
      minRows={2}
      validate={(reason) =>
        reason.length < MIN_REASON_LENGTH
          ? `Give a reason of at least ${MIN_REASON_LENGTH} characters`
          : undefined
      }
      confirmLabel={confirmLabel}
      confirmColor="error"
      onConfirm={onReject}
    />
  );
}
