import { zodResolver } from '@hookform/resolvers/zod';
import { featureCreateBodySchema } from '@tradedesk/contracts';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useFormAlert } from '../../../shared/forms/use-form-alert';

/**
 * The form of a new bug report or feature request: a title and a description, checked by the contracts (a bug's
 * rules for them are a feature request's; bugCreateBodySchema adds the context). `close` resets it and calls
 * `onClose`; `refused` puts the server's sentences on the fields or above the form.
 */
export function useTitleDescriptionForm(onClose: () => void) {
  const form = useForm({
    resolver: zodResolver(featureCreateBodySchema),
    defaultValues: { title: '', description: '' },
  });
  const formAlert = useFormAlert({ watch: form.watch });
  return {
    form,
    formAlert,
    close: () => {
      form.reset();
      formAlert.clear();
      onClose();
    },
    refused: (error: unknown) => formAlert.show(applyServerErrors(error, ['title', 'description'], form.setError)),
  };
}
