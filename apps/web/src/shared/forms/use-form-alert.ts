import { useCallback, useEffect, useMemo, useState } from 'react';

/** react-hook-form's `watch` with a callback: called on every change of a value. */
type WatchValues = (callback: () => void) => { unsubscribe: () => void };

/**
 * The message a form shows above its fields for a failure no field owns (wrong password, network). One per
 * form, so a new failure replaces the old one, and it is cleared as soon as the user edits the form, so a stale
 * server answer never sits beside values it was not about. A react-hook-form form passes its `watch`; any
 * other form spreads `formProps` on its `<form>` (typing, ticking a box). `show(null)` also clears it. `T` lets
 * a form keep more than the text (sign-in keeps whether the account is not yet activated).
 */
export function useFormAlert<T = string>(options: { watch?: WatchValues } = {}) {
  const [alert, setAlert] = useState<T | null>(null);
  const clear = useCallback(() => setAlert((current) => (current === null ? current : null)), []);
  const formProps = useMemo(() => ({ onInput: clear, onChange: clear }), [clear]);
  const { watch } = options;
  useEffect(() => {
    if (!watch) return;
    const subscription = watch(clear);
    return () => subscription.unsubscribe();
  }, [watch, clear]);
  return { alert, show: setAlert, clear, formProps };
}
