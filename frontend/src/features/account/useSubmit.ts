import type { FormEvent } from 'react';
import { errorMessage } from '../../lib/api/errorMessage';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';

/**
 * A form's submit handler: runs `action` with the form's fields and shows its sentence (or the
 * server's error) as a popup; the form is cleared after a success.
 */
export function useSubmit(action: (fields: FormData) => Promise<string>) {
  const dispatch = useAppDispatch();
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    action(new FormData(form)).then(
      (message) => {
        dispatch(toastShown(message));
        form.reset();
      },
      (error: unknown) => dispatch(toastShown(errorMessage(error as never), 'error')),
    );
  };
}
