import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { strategyImageTypes } from '@tradedesk/contracts';
import { useRef, useState } from 'react';
import { failureText } from './inline-edit';

/** The server's default upload limit (UPLOAD_MAX_BYTES); the server checks its own and words the refusal. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Why a picked file cannot be uploaded, or null when it can be sent. */
export function imageProblem(file: { type: string; size: number; name: string }): string | null {
  if (!(strategyImageTypes as readonly string[]).includes(file.type))
    return `${file.name} is not a PNG, JPEG, WebP or GIF image.`;
  if (file.size > IMAGE_MAX_BYTES) return `${file.name} is larger than 5 MB.`;
  return null;
}

/** A button that picks one image and uploads it; the refusal, if any, shows under it. */
export function ImageUploadButton(props: { label: string; onUpload(file: File): Promise<unknown> }) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Box>
      <input
        ref={input}
        type="file"
        hidden
        accept={strategyImageTypes.join(',')}
        aria-label={props.label}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          const problem = imageProblem(file);
          if (problem) {
            setError(problem);
            return;
          }
          setBusy(true);
          setError(null);
          try {
            await props.onUpload(file);
          } catch (failure) {
            setError(failureText(failure, `${file.name} could not be uploaded; try again.`));
          } finally {
            setBusy(false);
          }
        }}
      />
      <Button
        variant="outlined"
        size="small"
        startIcon={<AddPhotoAlternateOutlinedIcon />}
        loading={busy}
        onClick={() => input.current?.click()}
      >
        {props.label}
      </Button>
      {error && (
        <Typography role="alert" variant="caption" sx={{ display: 'block', color: 'error.main', mt: 0.5 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
