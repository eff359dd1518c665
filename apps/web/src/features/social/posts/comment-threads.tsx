import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Fragment, type ReactNode, useState } from 'react';
import { LoadingState } from '../../../shared/states/loading-state';

type Thread = { id: string; replies: { id: string }[]; replyCount: number };

/**
 * Comments threaded one level (post and article comments): each top-level comment with its first replies, the
 * rest on demand, and the reply form under the comment being answered. The slices render the comments and
 * forms; `renderComment` returns the comment's `<li>`, `onReply` is given to top-level comments when
 * `canReply`.
 */
export function CommentThreads<C extends Thread>(props: {
  items: C[];
  canReply: boolean;
  renderComment: (comment: C | C['replies'][number], onReply?: () => void) => ReactNode;
  renderReplyForm: (parent: C, onDone: () => void) => ReactNode;
  /** The replies after the first ones, once asked for (see RestOfReplies). */
  renderMoreReplies: (parent: C) => ReactNode;
}) {
  const [replyTo, setReplyTo] = useState<string | null>(null);
  return (
    <Stack component="ul" spacing={2} sx={{ p: 0, mt: 2 }} aria-label="Comments">
      {props.items.map((c) => (
        <Box component="li" key={c.id} sx={{ listStyle: 'none' }}>
          <Box component="ul" sx={{ p: 0, m: 0 }}>
            {props.renderComment(
              c,
              props.canReply ? () => setReplyTo((current) => (current === c.id ? null : c.id)) : undefined,
            )}
          </Box>
          <Box sx={{ pl: 4.5 }}>
            {c.replies.length > 0 && (
              <Stack component="ul" spacing={1} sx={{ p: 0, mt: 1, mb: 0 }} aria-label="Replies">
                {c.replies.map((r) => (
                  <Fragment key={r.id}>{props.renderComment(r)}</Fragment>
                ))}
              </Stack>
            )}
            {c.replyCount > c.replies.length && (
              <MoreReplies remaining={c.replyCount - c.replies.length}>{() => props.renderMoreReplies(c)}</MoreReplies>
            )}
            {replyTo === c.id && props.renderReplyForm(c, () => setReplyTo(null))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

function MoreReplies(props: { remaining: number; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  if (open) return props.children();
  return (
    <Button size="small" onClick={() => setOpen(true)}>
      Show {props.remaining} more {props.remaining === 1 ? 'reply' : 'replies'}
    </Button>
  );
}

/** The replies of one comment past the `shown` first ones (loaded by the slice's query). */
export function RestOfReplies<R extends { id: string }>(props: {
  loading: boolean;
  replies: R[] | undefined;
  shown: number;
  renderComment: (comment: R) => ReactNode;
}) {
  if (props.loading) return <LoadingState label="Loading replies" />;
  return (
    <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
      {(props.replies ?? []).slice(props.shown).map((r) => (
        <Fragment key={r.id}>{props.renderComment(r)}</Fragment>
      ))}
    </Stack>
  );
}
