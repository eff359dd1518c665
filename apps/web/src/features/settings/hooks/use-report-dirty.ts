import { createContext, useContext, useEffect } from 'react';

export type ReportDirty = (id: string, dirty: boolean) => void;

export const UnsavedChangesContext = createContext<ReportDirty | null>(null);

/**
 * Tells the settings page that the part named `id` holds changes not yet saved, so leaving the page
 * asks first. Outside an UnsavedChangesProvider it does nothing.
 */
export function useReportDirty(id: string, dirty: boolean): void {
  const report = useContext(UnsavedChangesContext);
  useEffect(() => {
    if (!report) return;
    report(id, dirty);
    return () => report(id, false);
  }, [report, id, dirty]);
}
