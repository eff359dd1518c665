import ChatOutlined from '@mui/icons-material/ChatOutlined';
import { type ComponentProps, lazy, Suspense } from 'react';

// The live count loads beside the shell, not in its first chunk: fetched as soon as the shell's code runs (so the
// sign-in page's prefetch of the shell brings it too), shown when the navigation renders.
const loading = import('./messages-unread-badge');
loading.catch(() => {}); // a failure shows when the icon renders
const LiveCount = lazy(() => loading.then((m) => ({ default: m.MessagesUnreadBadge })));

/**
 * The main navigation's Messages icon with the unread badge (conversations with unread messages). The
 * navigation's `icon` slot renders it like any MUI icon.
 */
export function MessagesNavIcon(props: ComponentProps<typeof ChatOutlined>) {
  return (
    <Suspense fallback={<ChatOutlined {...props} />}>
      <LiveCount>
        <ChatOutlined {...props} />
      </LiveCount>
    </Suspense>
  );
}
