import { type FormEvent, useCallback, useRef, useState } from 'react';
import type { z } from 'zod';

type TextValues = Record<string, string>;
type FieldErrorsOf<T> = Partial<Record<keyof T & string, { message: string }>>;

/** Loads the contracts schema that checks the form (a dynamic import, so zod is fetched on first use). */
export type SchemaLoader<TValues extends TextValues, TOutput> = () => Promise<z.ZodType<TOutput, TValues>>;

/**
 * A small form state for text-only forms on pages that must load fast (sign-in). It does what the
 * react-hook-form setup of the other forms does for them: uncontrolled inputs, the contracts schema checks
 * the values on submit and, after a failed submit, again as the user types; the first invalid field gets
 * focus; `setError` has react-hook-form's shape, so `applyServerErrors` works unchanged. It weighs a few
 * hundred bytes against react-hook-form's 12 KB gzipped, and the schema (with zod) arrives on the first submit.
 * If the schema cannot be fetched, the values go to the server, which checks the same schema per field.
 */
export function useSchemaForm<TValues extends TextValues, TOutput>(options: {
  defaultValues: TValues;
  schema: SchemaLoader<TValues, TOutput>;
}) {
  type Name = keyof TValues & string;
  // Read once, like react-hook-form: callers may pass fresh literals on every render.
  const { defaultValues, schema } = useRef(options).current;
  const inputs = useRef(new Map<Name, HTMLInputElement>());
  const loaded = useRef<Promise<z.ZodType<TOutput, TValues>> | null>(null);
  const submitted = useRef(false);
  const [errors, setErrors] = useState<FieldErrorsOf<TValues>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const values = useCallback((): TValues => {
    const current: TextValues = { ...defaultValues };
    for (const [name, input] of inputs.current) current[name] = input.value;
    return current as TValues;
  }, [defaultValues]);

  /** Field errors of the current values, or the parsed values; null when the schema could not be fetched. */
  const check = useCallback(async (): Promise<
    { ok: true; data: TOutput } | { ok: false; errors: FieldErrorsOf<TValues> } | null
  > => {
    loaded.current ??= schema();
    let parser: z.ZodType<TOutput, TValues>;
    try {
      parser = await loaded.current;
    } catch {
      loaded.current = null;
      return null;
    }
    const result = parser.safeParse(values());
    if (result.success) return { ok: true, data: result.data };
    const found: FieldErrorsOf<TValues> = {};
    for (const issue of result.error.issues) {
      const name = issue.path[0];
      if (typeof name === 'string' && inputs.current.has(name as Name) && !found[name as Name]) {
        found[name as Name] = { message: issue.message };
      }
    }
    return { ok: false, errors: found };
  }, [schema, values]);

  const revalidate = useCallback(
    async (name: Name) => {
      if (!submitted.current) return;
      const outcome = await check();
      if (!outcome) return;
      const message = outcome.ok ? undefined : outcome.errors[name];
      setErrors((previous) => {
        if (previous[name]?.message === message?.message) return previous;
        const next = { ...previous };
        if (message) next[name] = message;
        else delete next[name];
        return next;
      });
    },
    [check],
  );

  const register = useCallback(
    (name: Name) => ({
      name,
      defaultValue: defaultValues[name],
      ref: (input: HTMLInputElement | null) => {
        if (input) inputs.current.set(name, input);
        else inputs.current.delete(name);
      },
      onChange: () => void revalidate(name),
    }),
    [defaultValues, revalidate],
  );

  const setError = useCallback((name: string, error: { type?: string; message?: string }) => {
    if (!error.message) return;
    const message = error.message;
    setErrors((previous) => ({ ...previous, [name]: { message } }));
  }, []);

  const handleSubmit = useCallback(
    (onValid: (values: TOutput) => unknown | Promise<unknown>) => async (event?: FormEvent) => {
      event?.preventDefault();
      submitted.current = true;
      setSubmitting(true);
      try {
        const outcome = await check();
        if (outcome && !outcome.ok) {
          setErrors(outcome.errors);
          const first = [...inputs.current.keys()].find((name) => outcome.errors[name]);
          if (first) inputs.current.get(first)?.focus();
          return;
        }
        setErrors({});
        await onValid(outcome ? outcome.data : (values() as unknown as TOutput));
      } finally {
        setSubmitting(false);
      }
    },
    [check, values],
  );

  return { register, handleSubmit, setError, errors, isSubmitting };
}
