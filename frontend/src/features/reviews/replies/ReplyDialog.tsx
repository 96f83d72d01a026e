import { ReasonDialog, type ReasonDialogState } from '../ReasonDialog';

const MAX_REPLY_LENGTH = 2000;

interface ReplyDialogProps extends ReasonDialogState {
  /** The reply's current text when editing it. */
  initialText?: string;
  /** Why the server refused the last attempt, in its words. */
  refusal?: string;
  onSend: (text: string) => void;
}

function replyProblem(text: string): string | undefined {
  if (text.length === 0) return 'Write your reply';
  if (text.length > MAX_REPLY_LENGTH) return `Keep it to ${MAX_REPLY_LENGTH} characters`;
  return undefined;
}

/** The business's public reply to a review: written once, then edited (earlier text is kept). */
export function ReplyDialog({ initialText, onSend, ...dialog }: ReplyDialogProps) {
  const editing = initialText !== undefined;
  return (
    <ReasonDialog
      {...dialog}
      title={editing ? 'Edit your reply' : 'Reply to this review'}
      explanation={
        editing
          ? 'Everyone can read the earlier versions of your reply.'
          : 'Your reply is public and shown under the review, as from your business. You can reply once and edit it later.'
      }
      fieldLabel="Your reply"
      minRows={3}
      initialText={initialText}
      validate={replyProblem}
      clearErrorOnEdit
      confirmLabel={editing ? 'Save reply' : 'Post reply'}
      fullWidth
      onConfirm={onSend}
    />
  );
}
