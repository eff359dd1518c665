import ArrowBack from '@mui/icons-material/ArrowBack';
import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import FavoriteOutlined from '@mui/icons-material/FavoriteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { HelpPerson, HelpPost } from '@tradedesk/contracts';
import { type FormEvent, Fragment, type ReactNode, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useFormatters } from '../../../shared/format/format-preferences';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { useToggleHelpLikeMutation } from './posts-api';

/** `in_progress` -> "In progress". */
export function statusLabel(status: string): string {
  const text = status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const STATUS_COLORS: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error' | 'primary'> = {
  open: 'warning',
  confirmed: 'info',
  in_progress: 'primary',
  fixed: 'success',
  closed: 'default',
  under_review: 'warning',
  planned: 'info',
  done: 'success',
  declined: 'default',
  merged: 'default',
};

export function StatusChip(props: { status: string | null }) {
  if (!props.status) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLORS[props.status] ?? 'default'}
      label={statusLabel(props.status)}
    />
  );
}

const URL_PATTERN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)])/g;

/** Plain text as the server keeps it: its line breaks kept and its links turned into anchors. */
export function PlainText(props: { text: string }) {
  const parts = props.text.split(URL_PATTERN);
  return (
    <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <Link key={i} href={part} target="_blank" rel="noopener noreferrer">
            {part}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </Typography>
  );
}

export function PersonName(props: { person: HelpPerson }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {props.person.name}
      {props.person.isStaff && <Chip size="small" color="primary" label="Staff" sx={{ height: 18 }} />}
    </Box>
  );
}

/** "Ada Lovelace · Mar 2, 2026". */
export function Byline(props: { person: HelpPerson; at: string; extra?: ReactNode }) {
  const f = useFormatters();
  return (
    <Typography
      variant="body2"
      component="div"
      sx={{ color: 'text.secondary', display: 'flex', gap: 1, flexWrap: 'wrap' }}
    >
      <PersonName person={props.person} />
      <span aria-hidden>·</span>
      <span>{f.dateTime(props.at)}</span>
      {props.extra}
    </Typography>
  );
}

/** The back link of an item view: to its tab's list. */
export function BackToList(props: { tab: string; label: string }) {
  return (
    <Button component={RouterLink} to={`/help/${props.tab}`} startIcon={<ArrowBack />} size="small" sx={{ mb: 1 }}>
      {props.label}
    </Button>
  );
}

/** Loading, failure (404 says the item is gone) or the item. */
export function ItemState(props: { isLoading: boolean; error: unknown; what: string; onRetry: () => void }): ReactNode {
  if (props.isLoading) return <LoadingState label={`Loading the ${props.what}…`} />;
  const status = (props.error as { status?: number } | undefined)?.status;
  if (status === 404) return <ErrorState title={`This ${props.what} does not exist or was deleted.`} />;
  return <ErrorState title={`The ${props.what} could not be loaded.`} onRetry={props.onRetry} />;
}

export function LikeButton(props: { post: HelpPost }) {
  const [toggle, { isLoading }] = useToggleHelpLikeMutation();
  const { post } = props;
  return (
    <Button
      size="small"
      aria-pressed={post.liked}
      aria-label={`${post.liked ? 'Unlike' : 'Like'} “${post.title}” (${post.likeCount} ${post.likeCount === 1 ? 'like' : 'likes'})`}
      disabled={isLoading}
      onClick={() => void toggle({ post })}
      startIcon={post.liked ? <FavoriteOutlined color="error" /> : <FavoriteBorderOutlined />}
    >
      {post.likeCount}
    </Button>
  );
}

/** A search box that applies on Enter or its button. */
export function SearchBox(props: { label: string; value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(props.value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSearch(text.trim());
  };
  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1 }}>
      <TextField size="small" label={props.label} value={text} onChange={(e) => setText(e.target.value)} />
      <Button type="submit" variant="outlined" size="small">
        Search
      </Button>
    </Box>
  );
}

/** One post in a list: its title linking to its view, status, a line of its text and what the tab adds. */
export function PostRow(props: { post: HelpPost; to: string; aside?: ReactNode; meta?: ReactNode }) {
  const { post } = props;
  return (
    <Paper variant="outlined" component="li" sx={{ listStyle: 'none', p: 1.5, display: 'flex', gap: 1.5 }}>
      {props.aside}
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={props.to} sx={{ fontWeight: 600 }}>
            {post.title}
          </Link>
          <StatusChip status={post.status} />
        </Stack>
        <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
          {post.body}
        </Typography>
        <Byline
          person={post.author}
          at={post.createdAt}
          extra={
            <>
              <span aria-hidden>·</span>
              <span>
                {post.commentCount} {post.commentCount === 1 ? 'comment' : 'comments'}
              </span>
              {props.meta}
            </>
          }
        />
      </Box>
    </Paper>
  );
}

export function PostList(props: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={props.label} sx={{ p: 0, m: 0, display: 'grid', gap: 1 }}>
      {props.children}
    </Box>
  );
}

/** What the app attached to a bug (its author and staff see it). */
export function BugContextLines(props: { context: NonNullable<HelpPost['context']> }) {
  return (
    <Typography variant="body2" component="div" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
      <div>Page: {props.context.page ?? '—'}</div>
      <div>App version: {props.context.appVersion ?? '—'}</div>
      <div>Browser: {props.context.browser ?? '—'}</div>
    </Typography>
  );
}

type TitleDescriptionForm = UseFormReturn<{ title: string; description: string }>;

/** The title and description fields of a new bug report or feature request (react-hook-form). */
export function TitleDescriptionFields(props: { form: TitleDescriptionForm; descriptionLabel: string; hint: string }) {
  const { form } = props;
  const { errors } = form.formState;
  return (
    <>
      <TextField
        label="Title"
        required
        fullWidth
        margin="dense"
        autoFocus
        error={Boolean(errors.title)}
        helperText={errors.title?.message}
        {...form.register('title')}
      />
      <TextField
        label={props.descriptionLabel}
        required
        fullWidth
        multiline
        minRows={4}
        margin="dense"
        error={Boolean(errors.description)}
        helperText={errors.description?.message ?? props.hint}
        {...form.register('description')}
      />
    </>
  );
}

/** An item view's title (with its status, or `chip`) and who wrote it when; `id` names the article. */
export function PostHeading(props: { post: HelpPost; id: string; chip?: ReactNode; byline?: ReactNode }) {
  const { post } = props;
  return (
    <div>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography id={props.id} variant="h5" component="h2">
          {post.title}
        </Typography>
        {props.chip ?? <StatusChip status={post.status} />}
      </Stack>
      <Byline person={post.author} at={post.createdAt} extra={props.byline} />
    </div>
  );
}
