import ThumbDownOutlined from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FEATURE_FILTERS, type HelpPost, type VoteType } from '@tradedesk/contracts';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { toast } from '../../../shared/toast/toast';
import { ActivityList, CommentsSection } from './comments-section';
import { FormDialog } from './form-dialog';
import { PostListView } from './post-list-view';
import { BackToList, ItemState, PlainText, PostHeading, TitleDescriptionFields } from './post-parts';
import { useCreateFeatureMutation, useHelpPostQuery, useVoteFeatureMutation } from './posts-api';
import { useTitleDescriptionForm } from './title-description-form';

/** Up and down toggles with the score: pressing the caller's current vote withdraws it. */
export function VoteButtons(props: { post: HelpPost }) {
  const { post } = props;
  const [vote, { isLoading }] = useVoteFeatureMutation();
  const votes = post.votes ?? { up: 0, down: 0, score: 0, mine: null };
  const cast = (type: VoteType) => void vote({ id: post.id, vote: votes.mine === type ? null : type });
  const closed = post.status === 'merged';
  return (
    <Stack sx={{ alignItems: 'center', minWidth: 48 }} role="group" aria-label={`Votes on “${post.title}”`}>
      <IconButton
        size="small"
        aria-label={`Vote up (${votes.up})`}
        aria-pressed={votes.mine === 'up'}
        color={votes.mine === 'up' ? 'primary' : 'default'}
        disabled={isLoading || closed}
        onClick={() => cast('up')}
      >
        <ThumbUpOutlined fontSize="small" />
      </IconButton>
      <Typography variant="body2" sx={{ fontWeight: 700 }} aria-label={`Score ${votes.score}`}>
        {votes.score}
      </Typography>
      <IconButton
        size="small"
        aria-label={`Vote down (${votes.down})`}
        aria-pressed={votes.mine === 'down'}
        color={votes.mine === 'down' ? 'primary' : 'default'}
        disabled={isLoading || closed}
        onClick={() => cast('down')}
      >
        <ThumbDownOutlined fontSize="small" />
      </IconButton>
    </Stack>
  );
}

function NewRequestDialog(props: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [create] = useCreateFeatureMutation();
  const { form, formAlert, close, refused } = useTitleDescriptionForm(props.onClose);
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await create(values);
    if ('data' in result && result.data) {
      toast.success('Your request was posted.');
      close();
      navigate(`/help/all_requests/${result.data.id}`);
    } else refused(result.error);
  });
  return (
    <FormDialog
      open={props.open}
      title="New feature request"
      busy={isSubmitting}
      submitLabel="Post request"
      busyLabel="Posting…"
      alert={formAlert.alert}
      maxWidth="sm"
      onClose={close}
      onSubmit={onSubmit}
    >
      <TitleDescriptionFields
        form={form}
        descriptionLabel="Description"
        hint={'What you would like, and what it would let you do.'}
      />
    </FormDialog>
  );
}

const FEATURE_SORT_LABELS = { votes: 'Most votes', recent: 'Newest first' };

function FeatureList() {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PostListView
        kind="feature"
        tab="all_requests"
        label="Feature requests"
        statuses={{ options: FEATURE_FILTERS, labels: { all_requests: 'All requests' }, initial: 'all_requests' }}
        sorts={{ options: Object.keys(FEATURE_SORT_LABELS), labels: FEATURE_SORT_LABELS, initial: 'votes' }}
        searchLabel="Search requests"
        action={
          <Button variant="contained" onClick={() => setCreating(true)}>
            New request
          </Button>
        }
        empty={{
          title: 'No feature requests yet.',
          filtered: 'No requests match.',
          description: 'Missing something? Ask for it, and vote for the requests you want most.',
        }}
        aside={(p) => <VoteButtons post={p} />}
      />
      <NewRequestDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

function FeatureView(props: { id: string }) {
  const { data: post, isLoading, error, refetch } = useHelpPostQuery({ kind: 'feature', id: props.id });
  if (!post)
    return (
      <>
        <BackToList tab="all_requests" label="All requests" />
        <ItemState isLoading={isLoading} error={error} what="feature request" onRetry={() => void refetch()} />
      </>
    );
  return (
    <Box component="article" aria-labelledby="feature-title" sx={{ display: 'grid', gap: 2 }}>
      <BackToList tab="all_requests" label="All requests" />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <VoteButtons post={post} />
        <div>
          <PostHeading post={post} id="feature-title" />
        </div>
      </Stack>
      {post.mergedIntoId && (
        <InlineAlert severity="info">
          This request was merged into another one, where its votes now count:{' '}
          <Link component={RouterLink} to={`/help/all_requests/${post.mergedIntoId}`}>
            see the request
          </Link>
          .
        </InlineAlert>
      )}
      {post.changelogId && (
        <InlineAlert severity="success">
          Shipped:{' '}
          <Link component={RouterLink} to={`/help/whats_new/${post.changelogId}`}>
            read the update
          </Link>
          .
        </InlineAlert>
      )}
      <PlainText text={post.body} />
      <ActivityList post={post} />
      <CommentsSection post={post} />
    </Box>
  );
}

/** The help center's "Feature requests" tab: the requests with their votes, or one of them. */
export function FeaturesTab(props: { itemId?: string }) {
  return props.itemId ? <FeatureView id={props.itemId} /> : <FeatureList />;
}
export { FeaturesTab as default };
