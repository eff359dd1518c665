import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

export const passwordsDoNotMatch = 'The two passwords do not match.';

/**
 * Wraps a form's resolver so that a confirmation field that differs from the field it confirms is reported
 * together with every other field's error. (A refinement on the schema itself would only run once every
 * field is valid, so a short password would hide the mismatch until it is fixed.)
 */
export function withConfirmation<T extends FieldValues>(
  resolver: Resolver<T>,
  field: keyof T & string,
  confirmField: keyof T & string,
  message = passwordsDoNotMatch,
): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const confirmation = values[confirmField];
    if (confirmation === values[field] || result.errors[confirmField]) return result;
    const errors = { ...result.errors, [confirmField]: { type: 'mismatch', message } } as FieldErrors<T>;
    return { values: {}, errors };
  };
}
