import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor';

const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

/** The journal's rich text editor, its TipTap chunk fetched on first use. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <Skeleton
          variant="rounded"
          height={(props.minHeight ?? 96) + 40}
          aria-label={`Loading the ${props.label.toLowerCase()} editor`}
        />
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
