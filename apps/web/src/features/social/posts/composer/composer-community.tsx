import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { usePageJoinedCommunitiesQuery } from '../../../communities/page/community-page-api';

/** The community a post goes to: a select of the caller's communities (GET /community/joined/list). */
export function CommunityTarget(props: {
  value: string | null;
  error?: string;
  onChange: (communityId: string) => void;
}) {
  const joined = usePageJoinedCommunitiesQuery();
  const items = (joined.data ?? []).filter((c) => c.membership === 'member');
  // the page's own community shows even before the list arrives
  const known = props.value === null || items.some((c) => c.id === props.value);
  const helper =
    props.error ??
    (joined.isError
      ? 'Your communities could not be loaded.'
      : !joined.isLoading && items.length === 0
        ? 'Join a community to post in it.'
        : undefined);
  return (
    <TextField
      select
      size="small"
      label="Community"
      value={known ? (props.value ?? '') : ''}
      onChange={(e) => props.onChange(e.target.value)}
      error={Boolean(props.error)}
      helperText={helper}
      sx={{ minWidth: 200 }}
    >
      {items.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
