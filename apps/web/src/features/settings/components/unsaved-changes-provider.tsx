import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import type { BlockerFunction } from 'react-router';
import { useBlocker } from '../../../app/navigation-blocker';
import { UnsavedChangesContext } from '../hooks/use-report-dirty';

/**
 * Keeps unsaved edits from being lost silently: while any form below reports changes, in-app navigation
 * to another address asks first, and closing or reloading the tab triggers the browser's own prompt.
 */
export function UnsavedChangesProvider(props: { children: ReactNode }) {
  const [dirtyParts, setDirtyParts] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback((id: string, dirty: boolean) => {
    setDirtyParts((previous) => {
      if (previous.has(id) === dirty) return previous;
      const next = new Set(previous);
      if (dirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const hasChanges = dirtyParts.size > 0;

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => hasChanges && currentLocation.pathname !== nextLocation.pathname,
    [hasChanges],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!hasChanges) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only prompt when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasChanges]);

  const blocked = blocker.state === 'blocked';
  return (
    <UnsavedChangesContext.Provider value={report}>
      {props.children}
      <Dialog
        open={blocked}
        onClose={() => blocker.reset?.()}
        aria-labelledby="unsaved-changes-title"
        aria-describedby="unsaved-changes-text"
      >
        <DialogTitle id="unsaved-changes-title">Leave without saving?</DialogTitle>
        <DialogContent>
          <DialogContentText id="unsaved-changes-text">
            You have changes on this page that are not saved. If you leave now, they are discarded.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => blocker.reset?.()} variant="contained" autoFocus>
            Stay on this page
          </Button>
          <Button onClick={() => blocker.proceed?.()} color="error">
            Leave without saving
          </Button>
        </DialogActions>
      </Dialog>
    </UnsavedChangesContext.Provider>
  );
}
