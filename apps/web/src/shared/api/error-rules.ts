import type { ApiError } from './api-error';

export const UNKNOWN_ERROR_TEXT = 'Unknown error';

export type ErrorReaction =
  | { kind: 'featureLimitDialog'; message: string }
  | { kind: 'accessFeatureDialog'; message: string }
  | { kind: 'ignore' }
  | { kind: 'toast'; message: string };

const ACCESS_FEATURE = /Access to feature .+ is not allowed for your subscription\./;

/** Spec section 8, the error catalogue: what the product does with a failed call. */
export function reactionTo(error: ApiError): ErrorReaction {
  if (error.status === 423 && error.message.includes('Feature limit reached')) {
    return { kind: 'featureLimitDialog', message: error.message };
  }
  if (error.status === 423 && ACCESS_FEATURE.test(error.message)) {
    return { kind: 'accessFeatureDialog', message: error.message };
  }
  if (error.status === 404 && error.message.includes('You are not an affiliate')) return { kind: 'ignore' };
  return { kind: 'toast', message: error.message.trim() || UNKNOWN_ERROR_TEXT };
}
