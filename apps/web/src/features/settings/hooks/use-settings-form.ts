import { zodResolver } from '@hookform/resolvers/zod';
import type { Configuration } from '@tradedesk/contracts';
import { useEffect } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useFormAlert } from '../../../shared/forms/use-form-alert';
import { toastSaveFailed } from '../../../shared/toast/save-failed';
import { toast } from '../../../shared/toast/toast';
import { useReportDirty } from './use-report-dirty';

type SaveResult = { data?: Configuration; error?: unknown };

/**
 * One settings form over the saved configuration: validates with the contract's schema, sends only the
 * fields the user changed (each PUT keeps what it is not sent), puts server field errors on their fields,
 * toasts success, and reports unsaved changes to the page.
 */
export function useSettingsForm<TValues extends FieldValues, TBody extends FieldValues>(options: {
  id: string;
  schema: z.ZodType<TBody, TValues>;
  config: Configuration;
  toValues: (config: Configuration) => TValues;
  save: (body: Partial<TBody>) => Promise<SaveResult>;
  successMessage: string;
}) {
  const { id, schema, config, toValues, save, successMessage } = options;
  const form = useForm<TValues, unknown, TBody>({
    resolver: zodResolver(schema),
    defaultValues: toValues(config) as DefaultValues<TValues>,
  });
  const formAlert = useFormAlert({ watch: form.watch });
  const { isDirty } = form.formState;
  useReportDirty(id, isDirty);

  // A newer configuration (saved elsewhere, refetched) replaces the form's values unless the user is editing.
  const savedKey = JSON.stringify(toValues(config));
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(JSON.parse(savedKey) as TValues);
  }, [form, savedKey]);

  const onSubmit = form.handleSubmit(async (values) => {
    formAlert.clear();
    const changed = form.formState.dirtyFields as Partial<Record<keyof TBody, unknown>>;
    const body = Object.fromEntries(Object.entries(values).filter(([key]) => changed[key])) as Partial<TBody>;
    const result = await save(body);
    if (result.data) {
      form.reset(toValues(result.data));
      toast.success(successMessage);
    } else {
      const fields = Object.keys(toValues(config)) as Path<TValues>[];
      const message = applyServerErrors(result.error, fields, form.setError);
      formAlert.show(message);
      toastSaveFailed(message);
    }
  });

  const discard = () => {
    formAlert.clear();
    form.reset();
  };

  return { form, onSubmit, discard, formError: formAlert.alert, isDirty, isSubmitting: form.formState.isSubmitting };
}
