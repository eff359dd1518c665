import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { JOURNAL_MISTAKE_NAME_MAX, JOURNAL_MISTAKES_MAX } from '@tradedesk/contracts';
import { useId, useState } from 'react';
import { isApiError } from '../../shared/api/api-error';
import { InlineAlert } from '../../shared/states/inline-alert';
import { useAddJournalMistakeMutation, useDeleteJournalMistakeMutation, useJournalMistakesQuery } from './journal-api';

/**
 * The mistakes a trade made, picked from the user's own list (GET /journal/mistakes: it starts with a few common
 * ones). Each mistake is a toggle; the list is kept right here: add one by name, or switch to editing the list
 * and delete one (it leaves every trade it was on).
 */
export function MistakesPicker(props: { selected: readonly string[]; onChange: (ids: string[]) => void }) {
  const mistakes = useJournalMistakesQuery();
  const [add, adding] = useAddJournalMistakeMutation();
  const [remove] = useDeleteJournalMistakeMutation();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState('');
  const headingId = useId();
  const list = mistakes.data ?? [];
  const selected = new Set(props.selected);

  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Name the mistake to add it.');
      return;
    }
    setError('');
    try {
      const created = await add({ name: trimmed }).unwrap();
      setName('');
      props.onChange([...props.selected, created.id]);
    } catch (e) {
      setError(isApiError(e) && e.message ? e.message : 'The mistake could not be added. Try again.');
    }
  };

  const del = async (id: string, label: string) => {
    setError('');
    try {
      await remove(id).unwrap();
      if (selected.has(id)) props.onChange(props.selected.filter((m) => m !== id));
    } catch (e) {
      setError(isApiError(e) && e.message ? e.message : `${label} could not be deleted. Try again.`);
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Typography id={headingId} component="h4" variant="subtitle2" sx={{ flexGrow: 1 }}>
          Mistakes
        </Typography>
        <Button size="small" onClick={() => setEditing((e) => !e)} aria-pressed={editing}>
          {editing ? 'Done' : 'Edit list'}
        </Button>
      </Box>
      {mistakes.isError ? (
        <InlineAlert
          severity="error"
          sx={{ my: 0 }}
          action={
            <Button size="small" onClick={() => mistakes.refetch()}>
              Try again
            </Button>
          }
        >
          Your list of mistakes could not be loaded.
        </InlineAlert>
      ) : (
        <Box role="group" aria-label="Mistakes made" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          {mistakes.isLoading && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Loading your mistakes…
            </Typography>
          )}
          {list.map((m) =>
            editing ? (
              <Chip
                key={m.id}
                label={m.name}
                size="small"
                variant="outlined"
                onDelete={() => void del(m.id, m.name)}
                deleteIcon={
                  <IconButton size="small" aria-label={`Delete ${m.name}`} sx={{ p: 0.25 }}>
                    <CloseIcon sx={{ fontSize: 14 }} />
                  </IconButton>
                }
              />
            ) : (
              <Chip
                key={m.id}
                label={m.name}
                size="small"
                clickable
                color={selected.has(m.id) ? 'warning' : 'default'}
                variant={selected.has(m.id) ? 'filled' : 'outlined'}
                aria-pressed={selected.has(m.id)}
                onClick={() =>
                  props.onChange(
                    selected.has(m.id) ? props.selected.filter((id) => id !== m.id) : [...props.selected, m.id],
                  )
                }
              />
            ),
          )}
        </Box>
      )}
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          label="New mistake"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError('');
          }}
          slotProps={{ htmlInput: { maxLength: JOURNAL_MISTAKE_NAME_MAX } }}
          disabled={list.length >= JOURNAL_MISTAKES_MAX}
          sx={{ flexGrow: 1, maxWidth: 320 }}
        />
        <Button type="submit" size="small" startIcon={<AddIcon />} disabled={adding.isLoading} sx={{ mt: 0.5 }}>
          Add
        </Button>
      </Box>
      {error && (
        <InlineAlert severity="error" sx={{ my: 0 }}>
          {error}
        </InlineAlert>
      )}
    </Box>
  );
}
