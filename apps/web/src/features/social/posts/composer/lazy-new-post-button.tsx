import { lazy, Suspense } from 'react';

const loading = import('./new-post-button');
loading.catch(() => {}); // a failure shows when the button renders
const NewPostButton = lazy(() => loading.then((m) => ({ default: m.NewPostButton })));

/** The top bar's "New post" button, loaded beside the shell (kept out of the shell's chunk). */
export function LazyNewPostButton(props: { compact?: boolean }) {
  return (
    <Suspense fallback={null}>
      <NewPostButton compact={props.compact} />
    </Suspense>
  );
}
