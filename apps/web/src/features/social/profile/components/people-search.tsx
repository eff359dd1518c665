import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ProfileSummary } from '@tradedesk/contracts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSearchPeopleQuery } from '../profile-api';
import { profilePath } from './person-row';

const DEBOUNCE_MS = 250;

/** The term sent to GET /profile/search/{term}: trimmed, without a leading @, at most 60 characters. */
export function searchTermOf(input: string): string {
  return input.trim().replace(/^@+/, '').slice(0, 60);
}

/** People search: type a username or name, pick a person to open their profile. */
export function PeopleSearch() {
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setTerm(searchTermOf(input)), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [input]);
  const q = useSearchPeopleQuery(term, { skip: term === '' });
  const options = term ? (q.data ?? []) : [];
  return (
    <Autocomplete<ProfileSummary, false, false, false>
      sx={{ width: '100%', maxWidth: 360 }}
      size="small"
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={(o) => o.displayName}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={q.isFetching}
      inputValue={input}
      onInputChange={(_e, value, reason) => {
        if (reason !== 'reset') setInput(value);
      }}
      value={null}
      onChange={(_e, person) => {
        if (!person) return;
        setInput('');
        navigate(profilePath(person.username));
      }}
      noOptionsText={term ? (q.isError ? 'The search failed.' : 'No one matches.') : 'Type a name or @username.'}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Avatar src={o.avatarUrl ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
              {o.displayName.charAt(0).toUpperCase()}
            </Avatar>
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {o.displayName}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                @{o.username}
              </Typography>
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => <TextField {...params} label="Search people" placeholder="Name or @username" />}
    />
  );
}
