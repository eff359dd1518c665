import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { acceptedImageTypes } from '@tradedesk/contracts';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { toast } from '../../../shared/toast/toast';
import { useReportDirty } from '../hooks/use-report-dirty';
import { type ProfileImageKind, useUploadProfileImageMutation } from '../settings-api';

const names: Record<ProfileImageKind, string> = { avatar: 'avatar', banner: 'banner' };
const acceptedTypes: readonly string[] = acceptedImageTypes;
const TYPES_TEXT = 'a PNG, JPEG, WebP or GIF image';

/** What went wrong with an upload, worded for a person: the server's sentence after what kind of failure it was. */
export function uploadErrorText(error: unknown): string {
  if (!isApiError(error)) return 'The upload failed. Please try again.';
  const why = error.message.trim();
  if (error.status === 415) return `This file type is not accepted. ${why || `Choose ${TYPES_TEXT}.`}`;
  if (error.status === 413) return `The file is too large. ${why || 'Choose a smaller image.'}`;
  return why ? `The upload failed. ${why}` : 'The upload failed. Please try again.';
}

/**
 * Avatar or banner: pick a file, see it before it is sent, then upload it (PUT /customer/profile/image or
 * /banner, multipart field `file`). A picked but unsent image counts as an unsaved change.
 */
export function ProfileImageUpload(props: { kind: ProfileImageKind; currentUrl: string | null }) {
  const name = names[props.kind];
  const title = name.charAt(0).toUpperCase() + name.slice(1);
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<{ file: File; url: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [upload, { isLoading }] = useUploadProfileImageMutation();
  useReportDirty(`image-${props.kind}`, pending !== null);

  useEffect(() => {
    if (!pending) return;
    return () => URL.revokeObjectURL(pending.url);
  }, [pending]);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    // The server checks the bytes; a declared type that is plainly wrong is refused here already.
    if (file.type && !acceptedTypes.includes(file.type)) {
      setError(`This file type is not accepted. Choose ${TYPES_TEXT}.`);
      return;
    }
    setError(null);
    setPending({ file, url: URL.createObjectURL(file) });
  };

  const onUpload = async () => {
    if (!pending) return;
    setError(null);
    const result = await upload({ kind: props.kind, file: pending.file });
    if (result.data) {
      setPending(null);
      toast.success(`Your ${name} was updated.`);
    } else {
      const reason = uploadErrorText(result.error);
      setError(reason);
      // Replaces a success toast of an earlier upload or save, which would otherwise say the opposite.
      toast.error(`Your ${name} was not updated.`);
    }
  };

  const shownUrl = pending?.url ?? props.currentUrl;
  const alt = pending ? `${title} preview` : `Current ${name}`;

  return (
    <Box sx={{ mb: 3 }}>
      <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {/* The image as it will be shown (the saved one, or the chosen file before it is sent); without one, an
          empty frame of the same shape, so the preview has a place to appear. */}
      {props.kind === 'avatar' ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
          {shownUrl ? (
            <Avatar src={shownUrl} alt={alt} sx={{ width: 96, height: 96 }} />
          ) : (
            <Avatar
              aria-hidden
              sx={{ width: 96, height: 96, border: 1, borderStyle: 'dashed', borderColor: 'divider' }}
            />
          )}
          {!shownUrl && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              No avatar yet.
            </Typography>
          )}
        </Box>
      ) : (
        <Box
          sx={{
            width: '100%',
            maxWidth: 720,
            aspectRatio: '3 / 1',
            borderRadius: 1,
            mb: 1,
            overflow: 'hidden',
            display: 'grid',
            placeItems: 'center',
            ...(shownUrl ? {} : { border: 1, borderStyle: 'dashed', borderColor: 'divider', bgcolor: 'action.hover' }),
          }}
        >
          {shownUrl ? (
            <Box
              component="img"
              src={shownUrl}
              alt={alt}
              sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              No banner yet.
            </Typography>
          )}
        </Box>
      )}
      {pending && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }} role="status">
          Preview of {pending.file.name}: not uploaded yet.
        </Typography>
      )}
      {error && (
        <InlineAlert severity="error" sx={{ mb: 1 }}>
          {error}
        </InlineAlert>
      )}
      <input
        ref={inputRef}
        type="file"
        accept={acceptedImageTypes.join(',')}
        hidden
        aria-label={`${title} file`}
        onChange={onPick}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => inputRef.current?.click()} disabled={isLoading}>
          {pending || props.currentUrl ? `Choose another ${name}` : `Choose ${name}`}
        </Button>
        {pending && (
          <>
            <Button variant="contained" onClick={() => void onUpload()} disabled={isLoading}>
              {isLoading ? 'Uploading…' : `Upload ${name}`}
            </Button>
            <Button onClick={() => setPending(null)} disabled={isLoading}>
              Cancel
            </Button>
          </>
        )}
      </Box>
    </Box>
  );
}
