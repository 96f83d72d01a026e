import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api/errorMessage';
import { fieldErrorsOf } from '../../lib/api/fieldErrors';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';

/**
 * A form's submit handler: runs `action` with the form's fields and shows its sentence as a popup
 * (the form is cleared after a success). When the server refuses some of `fields`, each message
 * goes under its field (`fieldErrors`); any other failure is a popup with the server's sentence.
 */
export function useSubmit(
  action: (fields: FormData) => Promise<string>,
  fields: readonly string[] = [],
) {
  const dispatch = useAppDispatch();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setFieldErrors({});
    action(new FormData(form)).then(
      (message) => {
        dispatch(toastShown(message));
        form.reset();
      },
      (error: unknown) => {
        const refused = fieldErrorsOf(error as never, fields);
        if (Object.keys(refused).length > 0) setFieldErrors(refused);
        else dispatch(toastShown(errorMessage(error as never), 'error'));
      },
    );
  };
  return { submit, fieldErrors };
}
