import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { JOURNAL_IMAGE_MAX_BYTES, type JournalImage } from '@tradedesk/contracts';
import { useId, useRef, useState } from 'react';
import { isApiError } from '../../shared/api/api-error';
import { InlineAlert } from '../../shared/states/inline-alert';
import { useUploadJournalImageMutation } from './journal-api';

export type ImageItem =
  | { key: string; kind: 'image'; image: JournalImage; label: string }
  | { key: string; kind: 'chart'; label: string };

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * A list of images (a day's chart snapshots, a trade's screenshots) with an upload button: a picked file goes to
 * POST /journal/images (the server reads its type from the bytes) and the stored image is added to the list, which
 * is saved with the day or the trade. Each image opens full size in a new tab.
 */
export function JournalImages(props: {
  /** "Chart snapshots" */
  label: string;
  items: readonly ImageItem[];
  max: number;
  onAdd: (image: JournalImage) => void;
  onRemove: (key: string) => void;
}) {
  const [upload, { isLoading }] = useUploadJournalImageMutation();
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const full = props.items.length >= props.max;

  const pick = async (files: FileList | null) => {
    const file = files?.[0];
    if (input.current) input.current.value = '';
    if (!file) return;
    setError('');
    if (file.size > JOURNAL_IMAGE_MAX_BYTES) {
      setError(`${file.name} is larger than ${JOURNAL_IMAGE_MAX_BYTES / 1024 / 1024} MB: pick a smaller image.`);
      return;
    }
    try {
      props.onAdd(await upload(file).unwrap());
    } catch (e) {
      setError(isApiError(e) && e.message ? e.message : `${file.name} could not be uploaded. Try again.`);
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id={headingId} component="h4" variant="subtitle2" sx={{ flexGrow: 1 }}>
          {props.label}
        </Typography>
        <Button
          size="small"
          startIcon={<AddPhotoAlternateOutlined />}
          component="label"
          disabled={isLoading || full}
          title={full ? `At most ${props.max} images.` : undefined}
        >
          {isLoading ? 'Uploading…' : 'Add image'}
          <input
            ref={input}
            hidden
            type="file"
            accept={ACCEPT}
            aria-label={`Add an image to ${props.label.toLowerCase()}`}
            onChange={(e) => void pick(e.target.files)}
          />
        </Button>
      </Box>
      {error && (
        <InlineAlert severity="error" sx={{ my: 0 }}>
          {error}
        </InlineAlert>
      )}
      {props.items.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No {props.label.toLowerCase()} yet.
        </Typography>
      ) : (
        <Box component="ul" aria-label={props.label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0 }}>
          {props.items.map((item) => (
            <Box
              component="li"
              key={item.key}
              sx={{
                listStyle: 'none',
                position: 'relative',
                width: 132,
                height: 88,
                borderRadius: 1,
                overflow: 'hidden',
                border: 1,
                borderColor: 'divider',
              }}
            >
              {item.kind === 'image' ? (
                <a href={item.image.url} target="_blank" rel="noopener noreferrer" title={`Open ${item.label}`}>
                  <Box
                    component="img"
                    src={item.image.url}
                    alt={item.label}
                    sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                  />
                </a>
              ) : (
                <Box
                  sx={{
                    height: '100%',
                    display: 'grid',
                    placeItems: 'center',
                    textAlign: 'center',
                    fontSize: 12,
                    p: 1,
                    color: 'text.secondary',
                  }}
                >
                  <ShowChartIcon />
                  {item.label}
                </Box>
              )}
              <IconButton
                size="small"
                aria-label={`Remove ${item.label}`}
                onClick={() => props.onRemove(item.key)}
                sx={{
                  position: 'absolute',
                  top: 2,
                  right: 2,
                  bgcolor: 'background.paper',
                  '&:hover': { bgcolor: 'background.paper' },
                }}
              >
                <CloseIcon fontSize="inherit" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
