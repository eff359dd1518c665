export const UNPRINTABLE_MESSAGE = 'An error occurred';

/** Spec section 2: an object message shows as JSON text, or 'An error occurred' when it cannot be. */
export function messageText(message: unknown): string {
  if (message === undefined || message === null) return '';
  if (typeof message === 'string') return message;
  if (typeof message === 'number' || typeof message === 'boolean' || typeof message === 'bigint') {
    return String(message);
  }
  try {
    const text = JSON.stringify(message);
    return typeof text === 'string' ? text : UNPRINTABLE_MESSAGE;
  } catch {
    // circular structures, BigInt inside objects, throwing toJSON
    return UNPRINTABLE_MESSAGE;
  }
}
