import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { acceptedImageTypes, COMMUNITY_CATEGORIES } from '@tradedesk/contracts';
import { type ChangeEvent, useId, useRef } from 'react';
import { useFilePreview } from '../../../shared/forms/use-file-preview';
import type { StepProps } from './choice-steps';
import type { HandleCheck } from './use-handle-check';
import { MAX_CATEGORIES, suggestHandle } from './wizard-model';

/** The image or banner: kept in the wizard and uploaded once the community exists. */
function ImageField(props: {
  kind: 'image' | 'banner';
  file: File | null;
  name: string;
  error: string | undefined;
  onChange: (file: File | null) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const preview = useFilePreview(props.file);
  const errorId = useId();
  const title = props.kind === 'image' ? 'Image' : 'Banner';
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (file) props.onChange(file);
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      {props.kind === 'image' ? (
        <Avatar
          src={preview ?? undefined}
          alt={preview ? 'Image preview' : ''}
          variant="rounded"
          sx={{ width: 64, height: 64 }}
        >
          {props.name.charAt(0).toUpperCase() || '?'}
        </Avatar>
      ) : (
        <Box sx={{ width: 192, aspectRatio: '4 / 1', bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
          {preview && (
            <Box
              component="img"
              src={preview}
              alt="Banner preview"
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          )}
        </Box>
      )}
      <input
        ref={ref}
        type="file"
        hidden
        accept={acceptedImageTypes.join(',')}
        aria-label={`${title} file`}
        onChange={onPick}
      />
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            variant="outlined"
            size="small"
            onClick={() => ref.current?.click()}
            aria-describedby={props.error ? errorId : undefined}
          >
            {props.file ? `Change the ${props.kind}` : `Choose ${props.kind === 'image' ? 'an image' : 'a banner'}`}
          </Button>
          {props.file && (
            <Button size="small" onClick={() => props.onChange(null)}>
              Remove the {props.kind}
            </Button>
          )}
        </Box>
        <Typography variant="caption" sx={{ color: props.error ? 'error.main' : 'text.secondary' }} id={errorId}>
          {props.error ?? (props.file ? props.file.name : `${title}: optional, PNG, JPEG, WebP or GIF.`)}
        </Typography>
      </Box>
    </Box>
  );
}

function HandleAdornment(props: { check: HandleCheck }) {
  if (props.check.state === 'checking')
    return (
      <InputAdornment position="end">
        <CircularProgress size={18} aria-label="Checking the handle" />
      </InputAdornment>
    );
  if (props.check.state === 'available')
    return (
      <InputAdornment position="end">
        <CheckCircleOutlined color="success" fontSize="small" aria-hidden />
      </InputAdornment>
    );
  return null;
}

/** What the handle field says under it: its error, the check's answer, or what a handle is. */
function handleHelp(check: HandleCheck, error: string | undefined): { text: string; error: boolean } {
  if (check.state === 'invalid' || check.state === 'taken') return { text: check.message, error: true };
  if (error) return { text: error, error: true };
  if (check.state === 'available' || check.state === 'unknown') return { text: check.message, error: false };
  if (check.state === 'checking') return { text: 'Checking whether the handle is free…', error: false };
  return { text: 'The address of the community page: /communities/your-handle.', error: false };
}

export function IdentityStep(props: StepProps & { handleCheck: HandleCheck }) {
  const { state, update, errors, handleCheck } = props;
  const help = handleHelp(handleCheck, errors.handle);
  const full = state.categories.length >= MAX_CATEGORIES;
  const toggleCategory = (id: string, on: boolean) =>
    update({ categories: on ? [...state.categories, id] : state.categories.filter((c) => c !== id) });
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <ImageField
        kind="image"
        file={state.image}
        name={state.name}
        error={errors.image}
        onChange={(image) => update({ image })}
      />
      <TextField
        label="Name"
        required
        value={state.name}
        onChange={(e) => {
          const name = e.target.value;
          update(state.handleEdited ? { name } : { name, handle: suggestHandle(name) });
        }}
        error={Boolean(errors.name)}
        helperText={errors.name ?? '3 to 60 characters.'}
        slotProps={{ htmlInput: { maxLength: 60 } }}
        fullWidth
      />
      <TextField
        label="Handle"
        required
        value={state.handle}
        onChange={(e) => update({ handle: e.target.value.toLowerCase().trim(), handleEdited: true })}
        error={help.error}
        helperText={help.text}
        slotProps={{
          htmlInput: { maxLength: 30, autoCapitalize: 'none', spellCheck: false },
          input: {
            startAdornment: <InputAdornment position="start">@</InputAdornment>,
            endAdornment: <HandleAdornment check={handleCheck} />,
          },
          formHelperText: { 'aria-live': 'polite' },
        }}
        fullWidth
      />
      <ImageField
        kind="banner"
        file={state.banner}
        name={state.name}
        error={errors.banner}
        onChange={(banner) => update({ banner })}
      />
      <TextField
        label="Description (optional)"
        value={state.description}
        onChange={(e) => update({ description: e.target.value })}
        error={Boolean(errors.description)}
        helperText={errors.description ?? `${state.description.length}/1000`}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
        fullWidth
      />
      <FormControl component="fieldset" error={Boolean(errors.categories)}>
        <FormLabel component="legend">Categories</FormLabel>
        <FormHelperText sx={{ mx: 0, mb: 1 }}>
          {errors.categories ?? `Choose 1 to ${MAX_CATEGORIES}: people find the community by them.`}
          {` ${state.categories.length} of ${MAX_CATEGORIES} chosen.`}
        </FormHelperText>
        <FormGroup
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, 1fr)' },
          }}
        >
          {COMMUNITY_CATEGORIES.map((c) => {
            const on = state.categories.includes(c.id);
            return (
              <FormControlLabel
                key={c.id}
                label={c.name}
                control={
                  <Checkbox
                    checked={on}
                    disabled={!on && full}
                    onChange={(_e, checked) => toggleCategory(c.id, checked)}
                  />
                }
              />
            );
          })}
        </FormGroup>
      </FormControl>
    </Box>
  );
}
