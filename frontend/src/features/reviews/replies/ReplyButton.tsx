import Button from '@mui/material/Button';
import { useState } from 'react';
import {
  useEditReplyMutation,
  useReplyToReviewMutation,
  type ReviewDto,
} from '../../../lib/api/client';
import { errorMessage } from '../../../lib/api/errorMessage';
import { useAppDispatch } from '../../../lib/hooks';
import { toastShown } from '../../../toasts/toastSlice';
import { ReplyDialog } from './ReplyDialog';

/**
 * Reply (the service's owner and admins, from the review's permissions), or Edit reply once the
 * review has one.
 */
export function ReplyButton({ review }: { review: ReviewDto }) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [reply, replying] = useReplyToReviewMutation();
  const [edit, editing] = useEditReplyMutation();
  const dispatch = useAppDispatch();
  const current = review.reply?.text;

  const send = async (text: string) => {
    const arg = { id: review._id, replyTextDto: { text } };
    const result = current === undefined ? await reply(arg) : await edit(arg);
    if (result.error) {
      setRefusal(errorMessage(result.error));
      return;
    }
    setOpen(false);
    dispatch(
      toastShown(current === undefined ? 'Your reply was posted.' : 'Your reply was updated.'),
    );
  };

  return (
    <>
      <Button
        size="small"
        onClick={() => {
          setRefusal(undefined);
          setOpen(true);
        }}
      >
        {current === undefined ? 'Reply' : 'Edit reply'}
      </Button>
      {open && (
        <ReplyDialog
          open
          busy={replying.isLoading || editing.isLoading}
          initialText={current}
          refusal={refusal}
          onSend={(text) => void send(text)}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}
