import { lazy, Suspense, useEffect } from 'react';
import { useSelector } from 'react-redux';
import { toast } from './toast';
import { isToastVisible, selectToast } from './toast-slice';

export const TOAST_WIDTH_PX = 346;

// Most visits raise no toast, so its look (Paper, icon button, close icon) stays out of the first load.
const ToastCard = lazy(() => import('./toast-card').then((m) => ({ default: m.ToastCard })));

/** The one toast of the app (spec section 2), raised with `toast.show(...)` from anywhere. */
export function GlobalToast() {
  const current = useSelector(selectToast);

  useEffect(() => {
    if (!current || current.durationMs === null) return;
    const timer = setTimeout(() => toast.hide(current.id), current.durationMs);
    return () => clearTimeout(timer);
  }, [current]);

  if (!current || !isToastVisible(current)) return null;
  return (
    <Suspense fallback={null}>
      <ToastCard toast={current} />
    </Suspense>
  );
}
