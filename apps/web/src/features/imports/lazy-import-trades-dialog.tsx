import { lazy, Suspense } from 'react';
import { useImportDialogAccount } from './import-dialog-store';

const ImportTradesDialog = lazy(() =>
  import('./import-trades-dialog').then((m) => ({ default: m.ImportTradesDialog })),
);

/** The "Import trades" dialog, fetched the first time it opens. */
export function LazyImportTradesDialog() {
  const account = useImportDialogAccount();
  if (!account) return null;
  return (
    <Suspense fallback={null}>
      <ImportTradesDialog account={account} />
    </Suspense>
  );
}
