import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { ProfileSummary } from '@tradedesk/contracts';
import { useState } from 'react';
import { isApiError } from '../../../../shared/api/api-error';
import { toast } from '../../../../shared/toast/toast';
import { ConfirmDialog } from '../../../settings/components/confirm-dialog';
import {
  type RequestDirection,
  useAcceptRequestMutation,
  useFollowersQuery,
  useFollowingQuery,
  useFollowRequestsQuery,
  useRejectRequestMutation,
  useRemoveFollowerMutation,
  useRevokeRequestMutation,
  useUnfollowMutation,
} from '../profile-api';
import { PagedList } from './people-list';
import { PersonRow } from './person-row';

type ListProps = { profileId: string; self: boolean; page: number; onPage: (page: number) => void };

function failed(error: unknown, fallback: string) {
  toast.error(isApiError(error) && error.message ? error.message : fallback);
}

/** Followers of a profile; on one's own profile each can be removed (after confirming). */
export function FollowersList(props: ListProps) {
  const q = useFollowersQuery({ id: props.profileId, page: props.page });
  const [remove, removing] = useRemoveFollowerMutation();
  const [asked, setAsked] = useState<ProfileSummary | null>(null);
  const confirm = async () => {
    if (!asked) return;
    const r = await remove(asked.id);
    if ('error' in r) failed(r.error, 'The follower was not removed.');
    else toast.success(`${asked.displayName} no longer follows you.`);
    setAsked(null);
  };
  return (
    <>
      <PagedList
        label="Followers"
        data={q.data}
        isLoading={q.isLoading}
        isFetching={q.isFetching}
        error={q.error}
        errorTitle="The followers could not be loaded."
        emptyTitle="No followers yet."
        onRetry={() => void q.refetch()}
        onPage={props.onPage}
        renderItem={(p) => (
          <PersonRow
            key={p.id}
            person={p}
            actions={
              props.self && (
                <Button size="small" onClick={() => setAsked(p)} aria-label={`Remove follower ${p.displayName}`}>
                  Remove
                </Button>
              )
            }
          />
        )}
      />
      <ConfirmDialog
        open={asked !== null}
        title="Remove this follower?"
        confirmLabel="Remove"
        busy={removing.isLoading}
        onConfirm={() => void confirm()}
        onClose={() => setAsked(null)}
      >
        {asked?.displayName} will no longer follow you. They are not told, and may follow you again.
      </ConfirmDialog>
    </>
  );
}

/** The people a profile follows; on one's own profile each can be unfollowed. */
export function FollowingList(props: ListProps) {
  const q = useFollowingQuery({ id: props.profileId, page: props.page });
  const [unfollow] = useUnfollowMutation();
  const onUnfollow = async (p: ProfileSummary) => {
    const r = await unfollow(p.id);
    if ('error' in r) failed(r.error, 'You still follow them: the unfollow failed.');
  };
  return (
    <PagedList
      label="Following"
      data={q.data}
      isLoading={q.isLoading}
      isFetching={q.isFetching}
      error={q.error}
      errorTitle="The people followed could not be loaded."
      emptyTitle="Not following anyone yet."
      onRetry={() => void q.refetch()}
      onPage={props.onPage}
      renderItem={(p) => (
        <PersonRow
          key={p.id}
          person={p}
          actions={
            props.self && (
              <Button size="small" onClick={() => void onUnfollow(p)} aria-label={`Unfollow ${p.displayName}`}>
                Unfollow
              </Button>
            )
          }
        />
      )}
    />
  );
}

/** The caller's follow requests: incoming (accept or reject) or outgoing (revoke). */
export function FollowRequestsList(props: {
  direction: RequestDirection;
  page: number;
  onPage: (page: number) => void;
  onDirection: (direction: RequestDirection) => void;
}) {
  const q = useFollowRequestsQuery({ direction: props.direction, page: props.page });
  const [accept] = useAcceptRequestMutation();
  const [reject] = useRejectRequestMutation();
  const [revoke] = useRevokeRequestMutation();
  const act = async (run: () => Promise<{ error?: unknown }>, done: string, fallback: string) => {
    const r = await run();
    if (r.error) failed(r.error, fallback);
    else toast.success(done);
  };
  return (
    <>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={props.direction}
        onChange={(_e, value: RequestDirection | null) => value && props.onDirection(value)}
        aria-label="Which requests"
        sx={{ mb: 1 }}
      >
        <ToggleButton value="incoming">Received</ToggleButton>
        <ToggleButton value="outgoing">Sent</ToggleButton>
      </ToggleButtonGroup>
      <PagedList
        label={props.direction === 'incoming' ? 'Received requests' : 'Sent requests'}
        data={q.data}
        isLoading={q.isLoading}
        isFetching={q.isFetching}
        error={q.error}
        errorTitle="The follow requests could not be loaded."
        emptyTitle={props.direction === 'incoming' ? 'No one is asking to follow you.' : 'No requests waiting.'}
        emptyDescription={
          props.direction === 'incoming'
            ? 'When your profile is private, people ask to follow you and their requests wait here.'
            : 'Requests you send to private profiles wait here until they answer.'
        }
        onRetry={() => void q.refetch()}
        onPage={props.onPage}
        renderItem={(r) => (
          <PersonRow
            key={r.user.id}
            person={r.user}
            actions={
              props.direction === 'incoming' ? (
                <>
                  <Button
                    size="small"
                    variant="contained"
                    aria-label={`Accept ${r.user.displayName}`}
                    onClick={() =>
                      void act(
                        () => accept(r.user.id),
                        `${r.user.displayName} now follows you.`,
                        'The request was not accepted.',
                      )
                    }
                  >
                    Accept
                  </Button>
                  <Button
                    size="small"
                    aria-label={`Reject ${r.user.displayName}`}
                    onClick={() =>
                      void act(() => reject(r.user.id), 'The request was rejected.', 'The request was not rejected.')
                    }
                  >
                    Reject
                  </Button>
                </>
              ) : (
                <Button
                  size="small"
                  aria-label={`Revoke request to ${r.user.displayName}`}
                  onClick={() =>
                    void act(() => revoke(r.user.id), 'Your request was withdrawn.', 'The request was not withdrawn.')
                  }
                >
                  Revoke
                </Button>
              )
            }
          />
        )}
      />
    </>
  );
}
