import Badge from '@mui/material/Badge';
import type { ReactNode } from 'react';
import { useMessengerUnreadQuery } from './messenger-api';
import { useLiveMessenger } from './use-live-messenger';

const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Wraps the Messages icon with the count of conversations holding unread messages, kept live. */
export function MessagesUnreadBadge(props: { children: ReactNode }) {
  const { data } = useMessengerUnreadQuery();
  useLiveMessenger();
  const count = data?.conversations ?? 0;
  return (
    <>
      <Badge color="error" badgeContent={count} max={99} aria-hidden="true">
        {props.children}
      </Badge>
      {count > 0 && <span style={hidden}>{`${count} unread conversation${count === 1 ? '' : 's'}`}</span>}
    </>
  );
}
