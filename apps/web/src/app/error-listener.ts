import { isRejectedWithValue, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { isApiError } from '../shared/api/api-error';
import { reactionTo } from '../shared/api/error-rules';
import { isQuietEndpoint } from '../shared/api/quiet-endpoints';
import { gateDialogOpened } from '../shared/dialogs/dialogs-slice';
import { toast } from '../shared/toast/toast';

/**
 * Spec section 8 for every failed query and mutation: plan-gating dialogs, silently ignored cases, and a
 * toast with the server's text (or 'Unknown error'). 401s belong to the session logic, not the user.
 */
export function listenForApiErrors(listener: ListenerMiddlewareInstance): void {
  listener.startListening({
    matcher: isRejectedWithValue,
    effect: (action, { dispatch }) => {
      const error = action.payload;
      if (!isApiError(error)) return;
      const reaction = reactionTo(error);
      switch (reaction.kind) {
        case 'featureLimitDialog':
          dispatch(gateDialogOpened({ kind: 'featureLimit', message: reaction.message }));
          return;
        case 'accessFeatureDialog':
          dispatch(gateDialogOpened({ kind: 'accessFeature', message: reaction.message }));
          return;
        case 'ignore':
          return;
        case 'toast': {
          const endpoint = (action.meta as { arg?: { endpointName?: string } }).arg?.endpointName;
          if (error.status === 401 || isQuietEndpoint(endpoint)) return;
          toast.show({ variant: 'error', message: reaction.message });
        }
      }
    },
  });
}
