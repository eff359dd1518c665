import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { isApiError } from '../../shared/api/api-error';

/** The server's sentence for a failed change, or a plain one. */
export function failureText(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

/**
 * One text field with an Add button: Enter adds, Escape clears. The text stays when adding fails, with the
 * server's sentence under the field.
 */
export function AddForm(props: {
  label: string;
  buttonLabel?: string;
  maxLength?: number;
  multiline?: boolean;
  onAdd(text: string): Promise<unknown>;
  children?: ReactNode;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const value = text.trim();
    if (!value) {
      setError(`${props.label} cannot be empty.`);
      return;
    }
    setBusy(true);
    try {
      await props.onAdd(value);
      setText('');
      setError(null);
    } catch (failure) {
      setError(failureText(failure, `${props.label} could not be added; try again.`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label={props.buttonLabel ?? `Add ${props.label.toLowerCase()}`}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        size="small"
        label={props.label}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && text) {
            e.stopPropagation();
            setText('');
            setError(null);
          }
          if (props.multiline && e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            void submit();
          }
        }}
        error={Boolean(error)}
        helperText={error ?? undefined}
        multiline={props.multiline}
        maxRows={props.multiline ? 6 : undefined}
        slotProps={{ htmlInput: { maxLength: props.maxLength } }}
        sx={{ flex: '1 1 220px' }}
      />
      {props.children}
      <Button type="submit" variant="outlined" startIcon={<AddIcon />} loading={busy} sx={{ mt: 0.25 }}>
        {props.buttonLabel ?? 'Add'}
      </Button>
    </Box>
  );
}

/**
 * A piece of text with Edit and Delete buttons. Edit turns it into a field: Enter saves, Escape cancels.
 * Delete calls `onDelete` (which asks for confirmation where the caller wants it).
 */
export function EditableText(props: {
  /** What the text is, for the buttons' names: "checklist item". */
  what: string;
  value: string;
  maxLength?: number;
  multiline?: boolean;
  variant?: 'body2' | 'subtitle2' | 'subtitle1';
  onSave(text: string): Promise<unknown>;
  onDelete(): void;
  children?: ReactNode;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (editing === null) return;
    const value = editing.trim();
    if (!value) {
      setError(`The ${props.what} cannot be empty.`);
      return;
    }
    if (value === props.value) {
      setEditing(null);
      return;
    }
    setBusy(true);
    try {
      await props.onSave(value);
      setEditing(null);
      setError(null);
    } catch (failure) {
      setError(failureText(failure, `The ${props.what} could not be saved; try again.`));
    } finally {
      setBusy(false);
    }
  };
  if (editing !== null) {
    return (
      <Box
        component="form"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void save();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flex: 1 }}
      >
        <TextField
          size="small"
          autoFocus
          fullWidth
          label={`Edit ${props.what}`}
          value={editing}
          multiline={props.multiline}
          onChange={(e) => {
            setEditing(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              setEditing(null);
              setError(null);
            }
            if (props.multiline && e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void save();
            }
          }}
          error={Boolean(error)}
          helperText={error ?? 'Enter saves, Escape cancels.'}
          slotProps={{ htmlInput: { maxLength: props.maxLength } }}
        />
        <Button type="submit" size="small" variant="contained" loading={busy} sx={{ mt: 0.5 }}>
          Save
        </Button>
        <Button size="small" onClick={() => setEditing(null)} sx={{ mt: 0.5 }}>
          Cancel
        </Button>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flex: 1, minWidth: 0 }}>
      {props.children}
      <Typography variant={props.variant ?? 'body2'} sx={{ flex: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {props.value}
      </Typography>
      <Tooltip title={`Edit ${props.what}`}>
        <IconButton
          size="small"
          aria-label={`Edit ${props.what} “${props.value}”`}
          onClick={() => setEditing(props.value)}
        >
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={`Delete ${props.what}`}>
        <IconButton size="small" aria-label={`Delete ${props.what} “${props.value}”`} onClick={props.onDelete}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

export type ChipOption = { value: string; label: string; hint?: string };

/**
 * A list of labels as chips, each with its remove button, and a field to add one: free text (tags), or picked
 * from `options` (symbols, timeframes, indicators). Enter adds.
 */
export function ChipsEditor(props: {
  label: string;
  values: string[];
  /** Without options any text is a label; with them only an option is. */
  options?: ChipOption[];
  loadingOptions?: boolean;
  onSearch?(text: string): void;
  labelOf?(value: string): string;
  max?: number;
  maxLength?: number;
  onAdd(value: string): Promise<unknown>;
  onRemove(value: string): Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const full = props.max !== undefined && props.values.length >= props.max;
  const add = async (value: string) => {
    const v = value.trim();
    if (!v) return;
    if (props.values.includes(v)) {
      setError(`${v} is already one of the ${props.label.toLowerCase()}.`);
      return;
    }
    setBusy(true);
    try {
      await props.onAdd(v);
      setText('');
      setError(null);
    } catch (failure) {
      setError(failureText(failure, `${v} could not be added; try again.`));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (value: string) => {
    try {
      await props.onRemove(value);
      setError(null);
    } catch (failure) {
      setError(failureText(failure, `${value} could not be removed; try again.`));
    }
  };
  const label = (v: string) => props.labelOf?.(v) ?? v;
  const options = (props.options ?? []).filter((o) => !props.values.includes(o.value));
  return (
    <Box role="group" aria-label={props.label} sx={{ display: 'grid', gap: 0.75 }}>
      <Typography variant="subtitle2" component="h4">
        {props.label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
        {props.values.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            None yet.
          </Typography>
        )}
        {props.values.map((v) => (
          <Chip
            key={v}
            label={label(v)}
            size="small"
            onDelete={() => void remove(v)}
            title={`${label(v)}: Delete or Backspace removes it`}
          />
        ))}
      </Box>
      {!full &&
        (props.options ? (
          <Autocomplete
            size="small"
            options={options}
            loading={props.loadingOptions}
            value={null}
            inputValue={text}
            onInputChange={(_e, v, reason) => {
              if (reason !== 'reset') {
                setText(v);
                props.onSearch?.(v);
                setError(null);
              }
            }}
            onChange={(_e, option) => {
              if (option) void add(option.value);
            }}
            getOptionLabel={(o) => o.label}
            isOptionEqualToValue={(a, b) => a.value === b.value}
            renderOption={(p, o) => (
              <li {...p} key={o.value}>
                <Box>
                  <Typography variant="body2">{o.label}</Typography>
                  {o.hint && (
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {o.hint}
                    </Typography>
                  )}
                </Box>
              </li>
            )}
            disabled={busy}
            renderInput={(params) => (
              <TextField
                {...params}
                label={`Add to ${props.label.toLowerCase()}`}
                error={Boolean(error)}
                helperText={error ?? undefined}
              />
            )}
            sx={{ maxWidth: 360 }}
          />
        ) : (
          <Box
            component="form"
            noValidate
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              void add(text);
            }}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', maxWidth: 360 }}
          >
            <TextField
              size="small"
              fullWidth
              label={`Add to ${props.label.toLowerCase()}`}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
              error={Boolean(error)}
              helperText={error ?? undefined}
              slotProps={{ htmlInput: { maxLength: props.maxLength } }}
            />
            <Button type="submit" variant="outlined" loading={busy} sx={{ mt: 0.25 }}>
              Add
            </Button>
          </Box>
        ))}
      {full && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {props.max} at most: remove one to add another.
        </Typography>
      )}
    </Box>
  );
}
