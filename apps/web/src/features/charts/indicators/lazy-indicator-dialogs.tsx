import { lazy, Suspense, useEffect, useState } from 'react';
import type { IndicatorSettingsDialogProps } from './indicator-settings-dialog';
import type { IndicatorsDialogProps } from './indicators-dialog';

const Picker = lazy(() => import('./indicators-dialog'));
const Settings = lazy(() => import('./indicator-settings-dialog'));

/** The indicators dialog, loaded on first open; stays mounted after that so closing animates. */
export function IndicatorsDialog(props: IndicatorsDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  useEffect(() => {
    if (props.open) setWanted(true);
  }, [props.open]);
  if (!wanted && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <Picker {...props} />
    </Suspense>
  );
}

/** An indicator's settings dialog, loaded when first opened. */
export function IndicatorSettingsDialog(props: IndicatorSettingsDialogProps) {
  return (
    <Suspense fallback={null}>
      <Settings {...props} />
    </Suspense>
  );
}
