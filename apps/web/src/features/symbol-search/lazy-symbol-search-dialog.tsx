import { lazy, Suspense, useEffect, useState } from 'react';
import type { SymbolSearchDialogProps } from './types';

const Dialog = lazy(() => import('./symbol-search-dialog'));

/**
 * The symbol search, loaded on first open (its chunk never weighs on the pages that only might open it).
 * Stays mounted after that, so closing animates and reopening is instant.
 */
export function SymbolSearchDialog(props: SymbolSearchDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  useEffect(() => {
    if (props.open) setWanted(true);
  }, [props.open]);
  if (!wanted && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

export type { PickedSymbol, SymbolSearchDialogProps } from './types';
