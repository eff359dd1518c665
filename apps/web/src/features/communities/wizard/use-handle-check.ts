import { useEffect, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useHandleAvailableQuery } from './wizard-api';
import { handleFormatError } from './wizard-model';

export const HANDLE_CHECK_DEBOUNCE_MS = 400;

export type HandleCheck =
  | { state: 'idle' }
  | { state: 'invalid'; message: string }
  | { state: 'checking' }
  | { state: 'available'; message: string }
  | { state: 'taken'; message: string }
  /** The check itself failed: the creation checks again, so the person may go on. */
  | { state: 'unknown'; message: string };

/** The handle's availability as typed: its form at once, then the server after a pause in typing. */
export function useHandleCheck(handle: string): HandleCheck {
  const [settled, setSettled] = useState(handle);
  useEffect(() => {
    const t = setTimeout(() => setSettled(handle), HANDLE_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [handle]);
  const formatError = handle === '' ? null : handleFormatError(handle);
  const ask = handle !== '' && !formatError && settled === handle;
  const q = useHandleAvailableQuery(settled, { skip: !ask });

  if (handle === '') return { state: 'idle' };
  if (formatError) return { state: 'invalid', message: formatError };
  if (!ask || q.isFetching) return { state: 'checking' };
  if (q.isError)
    return {
      state: 'unknown',
      message:
        isApiError(q.error) && q.error.status === 400 && q.error.message
          ? q.error.message
          : 'The handle could not be checked now; it is checked again when you create the community.',
    };
  const answer = q.currentData;
  if (!answer) return { state: 'checking' };
  return answer.available
    ? { state: 'available', message: `@${handle} is available.` }
    : { state: 'taken', message: answer.reason ?? `@${handle} is taken. Choose another handle.` };
}
