import { isApiError } from '../../../shared/api/api-error';
import { InlineAlert } from '../../../shared/states/inline-alert';

/** A failed call's message (the server's sentence naming the field) inside a dialog. */
export function InlineError(props: { error: unknown }) {
  if (!props.error) return null;
  const message = isApiError(props.error) && props.error.message ? props.error.message : 'Something went wrong.';
  return <InlineAlert severity="error">{message}</InlineAlert>;
}
