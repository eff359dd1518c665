import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { toast } from '../../../shared/toast/toast';
import { useAiFoldersQuery, useAiPromptsQuery, useCreateAiPromptMutation, useDeleteAiPromptMutation } from '../ai-api';
import type { AiPrompt } from '../ai-wire';
import { fillPrompt, promptVariables } from '../prompt-text';

/** The form of a prompt's `{{variables}}`, filled before the prompt goes into the composer. */
export function PromptVariablesDialog(props: { prompt: AiPrompt; onUse: (text: string) => void; onClose: () => void }) {
  const names = promptVariables(props.prompt.prompt);
  const [values, setValues] = useState<Record<string, string>>({});
  const missing = names.filter((n) => !values[n]?.trim());
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="ai-prompt-vars" fullWidth maxWidth="xs">
      <DialogTitle id="ai-prompt-vars">{props.prompt.name}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {names.map((n) => (
          <TextField
            key={n}
            label={n}
            value={values[n] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [n]: e.target.value }))}
          />
        ))}
        <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'pre-wrap' }}>
          {fillPrompt(props.prompt.prompt, values)}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={missing.length > 0}
          onClick={() => props.onUse(fillPrompt(props.prompt.prompt, values))}
        >
          Use prompt
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The prompt library (name, prompt, folder, slash command): pick one to use, save a new one, or delete one (the
 * toast's Undo saves it again).
 */
export function PromptLibraryDialog(props: { onPick: (prompt: AiPrompt) => void; onClose: () => void }) {
  const prompts = useAiPromptsQuery();
  const folders = useAiFoldersQuery();
  const [create, creating] = useCreateAiPromptMutation();
  const [remove] = useDeleteAiPromptMutation();
  const deletePrompt = async (p: AiPrompt) => {
    try {
      await remove(p.id).unwrap();
    } catch {
      toast.error('The prompt could not be deleted. Try again.');
      return;
    }
    const again = { name: p.name, prompt: p.prompt, command: p.command, folderId: p.folderId };
    toast.success(`Prompt “${p.name}” deleted.`, {
      undo: true,
      action: {
        label: 'Undo',
        onClick: () =>
          void create(again)
            .unwrap()
            .catch(() => toast.error('The prompt could not be saved again.')),
      },
    });
  };
  const [folder, setFolder] = useState('');
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState({ name: '', prompt: '', command: '', folderId: '' });
  const [error, setError] = useState<string | null>(null);
  const list = (prompts.data ?? []).filter((p) => !folder || p.folderId === folder);
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="ai-prompt-library" fullWidth maxWidth="sm">
      <DialogTitle id="ai-prompt-library">Prompt library</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
        <TextField
          select
          size="small"
          label="Folder"
          value={folder}
          onChange={(e) => setFolder(e.target.value)}
          sx={{ mt: 1 }}
        >
          <MenuItem value="">All folders</MenuItem>
          {(folders.data ?? []).map((f) => (
            <MenuItem key={f.id} value={f.id}>
              {f.name}
            </MenuItem>
          ))}
        </TextField>
        {list.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No prompts here yet. Save one below.
          </Typography>
        ) : (
          <List dense aria-label="Prompts">
            {list.map((p) => (
              <ListItem
                key={p.id}
                disablePadding
                secondaryAction={
                  <IconButton edge="end" aria-label={`Delete prompt ${p.name}`} onClick={() => void deletePrompt(p)}>
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemButton onClick={() => props.onPick(p)}>
                  <ListItemText primary={p.command ? `${p.name}  /${p.command}` : p.name} secondary={p.prompt} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        {adding ? (
          <Box
            component="form"
            aria-label="New prompt"
            sx={{ display: 'grid', gap: 1.5 }}
            onSubmit={async (e) => {
              e.preventDefault();
              setError(null);
              try {
                await create({
                  name: draft.name.trim(),
                  prompt: draft.prompt.trim(),
                  command: draft.command.trim() || null,
                  folderId: draft.folderId || null,
                }).unwrap();
                setAdding(false);
                setDraft({ name: '', prompt: '', command: '', folderId: '' });
              } catch (err) {
                setError(isApiError(err) && err.message ? err.message : 'The prompt could not be saved.');
              }
            }}
          >
            <TextField
              required
              label="Name"
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
            <TextField
              required
              multiline
              minRows={2}
              label="Prompt"
              helperText="Write {{variable}} for a value asked for before sending."
              value={draft.prompt}
              onChange={(e) => setDraft({ ...draft, prompt: e.target.value })}
            />
            <TextField
              label="Slash command"
              value={draft.command}
              onChange={(e) => setDraft({ ...draft, command: e.target.value.replace(/[^\w-]/g, '').toLowerCase() })}
            />
            <TextField
              select
              label="Folder"
              value={draft.folderId}
              onChange={(e) => setDraft({ ...draft, folderId: e.target.value })}
            >
              <MenuItem value="">No folder</MenuItem>
              {(folders.data ?? []).map((f) => (
                <MenuItem key={f.id} value={f.id}>
                  {f.name}
                </MenuItem>
              ))}
            </TextField>
            {error && (
              <Typography role="alert" color="error" variant="body2">
                {error}
              </Typography>
            )}
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button type="submit" variant="contained" disabled={creating.isLoading}>
                Save prompt
              </Button>
              <Button onClick={() => setAdding(false)}>Cancel</Button>
            </Box>
          </Box>
        ) : (
          <Box>
            <Button onClick={() => setAdding(true)}>New prompt</Button>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
