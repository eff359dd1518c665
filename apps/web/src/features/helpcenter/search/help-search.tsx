import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { HelpSearchKind } from '@tradedesk/contracts';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { LoadingState } from '../../../shared/states/loading-state';
import { useHelpSearchQuery } from './search-api';

const kindLabels: Record<HelpSearchKind, string> = {
  article: 'Guide',
  faq: 'FAQ',
  bug: 'Bug',
  feature: 'Feature request',
  announcement: 'Announcement',
  update: 'Update',
  tutorial: 'Tutorial',
  ticket: 'Your ticket',
};

/** How long typing pauses before the search is sent. */
const DEBOUNCE_MS = 300;

/** The help center's search box: the guide, FAQ, posts and the user's tickets; each hit links to its page. */
export function HelpSearch() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useHelpSearchQuery(q, { skip: q === '' });
  const hits = search.data?.q === q ? search.data.hits : [];
  const clear = () => {
    setText('');
    setQ('');
  };
  return (
    <Box sx={{ position: 'relative', maxWidth: 640 }}>
      <TextField
        type="search"
        label="Search the help center"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') clear();
        }}
        fullWidth
        size="small"
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
          // the results panel exists only while there is a query: an id that is not in the page is invalid ARIA
          htmlInput: { maxLength: 200, ...(q === '' ? {} : { 'aria-controls': 'help-search-results' }) },
        }}
      />
      {q !== '' && (
        <Paper id="help-search-results" variant="outlined" sx={{ mt: 1 }} aria-live="polite">
          {search.isFetching && hits.length === 0 ? (
            <LoadingState label="Searching" />
          ) : search.isError ? (
            <Typography role="alert" sx={{ p: 2 }}>
              {isApiError(search.error) && search.error.message ? search.error.message : 'The search failed.'}
            </Typography>
          ) : hits.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              Nothing matches “{q}”.
            </Typography>
          ) : (
            <List aria-label="Search results" dense>
              {hits.map((hit) => (
                <ListItemButton key={`${hit.kind}:${hit.id}`} component={RouterLink} to={hit.path} onClick={clear}>
                  <ListItemText
                    primary={
                      <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                        <Chip size="small" label={kindLabels[hit.kind]} />
                        {hit.title}
                      </Box>
                    }
                    secondary={hit.snippet}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
        </Paper>
      )}
    </Box>
  );
}
