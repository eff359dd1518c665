import LinkOutlined from '@mui/icons-material/LinkOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COMMUNITY_CATEGORIES, type Community } from '@tradedesk/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useFormatters } from '../../../shared/format/format-preferences';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import { usePageLinksQuery, usePageRateMutation, usePageRatingsQuery, usePageRulesQuery } from './community-page-api';
import { RulesList } from './rules-dialog';

const categoryName = (id: string) => COMMUNITY_CATEGORIES.find((c) => c.id === id)?.name ?? id;

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={props.title} sx={{ p: 2 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {props.title}
      </Typography>
      {props.children}
    </Paper>
  );
}

/** The community's average rating, and the member's own stars (members rate; one rating each, changed any time). */
function RatingSection(props: { community: Community }) {
  const c = props.community;
  const member = c.membership === 'member';
  const ratings = usePageRatingsQuery(c.id, { skip: !member });
  const [rate, rating] = usePageRateMutation();
  const mine = ratings.data?.mine?.rating ?? null;
  const average = ratings.data?.average ?? c.rating.average;
  const count = ratings.data?.total ?? c.rating.count;
  const onRate = async (value: number | null) => {
    const r = await rate({ id: c.id, rating: value });
    if ('error' in r)
      toast.error(isApiError(r.error) && r.error.message ? r.error.message : 'Your rating was not saved. Try again.');
  };
  return (
    <Section title="Rating">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Rating value={average ?? 0} precision={0.1} readOnly aria-hidden />
        <Typography variant="body2">
          {average === null
            ? 'Not rated yet.'
            : `${average.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'rating' : 'ratings'}.`}
        </Typography>
      </Stack>
      {member && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
          <Typography variant="body2" id={`rate-${c.id}`}>
            Your stars
          </Typography>
          <Rating
            name={`rate-${c.id}`}
            value={mine}
            disabled={rating.isLoading || ratings.isLoading}
            onChange={(_e, v) => v !== null && Number.isFinite(v) && void onRate(v)}
          />
          {mine !== null && (
            <Button size="small" color="inherit" disabled={rating.isLoading} onClick={() => void onRate(null)}>
              Remove my rating
            </Button>
          )}
        </Stack>
      )}
    </Section>
  );
}

/** The About tab: description and facts, the rules in order, the links, and the rating. */
export function CommunityAbout(props: { community: Community }) {
  const c = props.community;
  const f = useFormatters();
  const rules = usePageRulesQuery(c.id);
  const links = usePageLinksQuery(c.id);
  return (
    <Stack spacing={2}>
      <Section title="About">
        {c.description ? (
          <Typography sx={{ whiteSpace: 'pre-line' }}>{c.description}</Typography>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No description yet.
          </Typography>
        )}
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', mt: 1, rowGap: 0.5 }} aria-label="Categories">
          {c.categories.map((id) => (
            <Chip key={id} size="small" label={categoryName(id)} />
          ))}
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          Created {f.date(c.createdAt)} by{' '}
          <Link component={RouterLink} to={`/community/profile/${encodeURIComponent(c.owner.username)}`}>
            {c.owner.displayName}
          </Link>
          {c.settings.showMemberCount ? ` · ${c.memberCount} ${c.memberCount === 1 ? 'member' : 'members'}` : ''}
        </Typography>
        {c.limited && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            This community is private: its feed, channels and members are for members only.{' '}
            {c.membership === 'requested' ? 'Your join request is waiting.' : 'Ask to join to take part.'}
          </Typography>
        )}
      </Section>
      <Section title="Rules">
        {rules.isLoading ? (
          <LoadingState label="Loading the rules" />
        ) : rules.isError ? (
          <ErrorState title="The rules could not be loaded." onRetry={() => void rules.refetch()} />
        ) : (
          <RulesList rules={rules.data ?? []} />
        )}
      </Section>
      <Section title="Links">
        {links.isLoading ? (
          <LoadingState label="Loading the links" />
        ) : links.isError ? (
          <ErrorState title="The links could not be loaded." onRetry={() => void links.refetch()} />
        ) : (links.data ?? []).length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No links yet.
          </Typography>
        ) : (
          <Box component="ul" aria-label="Links" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
            {(links.data ?? []).map((l) => (
              <li key={l.id}>
                <Link
                  href={l.url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}
                >
                  <LinkOutlined fontSize="small" aria-hidden />
                  {l.title}
                </Link>
              </li>
            ))}
          </Box>
        )}
      </Section>
      <RatingSection community={c} />
    </Stack>
  );
}
