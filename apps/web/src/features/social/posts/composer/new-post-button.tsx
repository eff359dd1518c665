import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense } from 'react';
import { closeComposer, openComposer, useComposerOpen, useComposerTarget } from './composer-store';

const ComposerDialog = lazy(() => import('./composer-dialog').then((m) => ({ default: m.ComposerDialog })));

/** The main navigation's "New post" button (shell top bar, every page); the composer loads on first open. */
export function NewPostButton(props: { compact?: boolean }) {
  const open = useComposerOpen();
  const target = useComposerTarget();
  return (
    <>
      {props.compact ? (
        <Tooltip title="New post">
          <IconButton aria-label="New post" onClick={() => openComposer()}>
            <EditOutlined />
          </IconButton>
        </Tooltip>
      ) : (
        <Button variant="outlined" size="small" startIcon={<EditOutlined />} onClick={() => openComposer()}>
          New post
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <ComposerDialog open onClose={closeComposer} communityId={target?.communityId} />
        </Suspense>
      )}
    </>
  );
}
