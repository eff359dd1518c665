import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { DEFAULT_ROLE_COLOR, normaliseAccountColor } from '@tradedesk/contracts';

/** A few colours one click away; any other through the hex field or the system picker. */
export const SWATCHES = ['#8861E4', '#E4616B', '#E49A61', '#E4CF61', '#61E48A', '#61C3E4', '#6178E4', '#9AA0A6'];

/**
 * A colour: the hex field (normalised as account colours are: #8861e4, 8861E4 and #8861E4 are the same), the
 * system colour picker, and swatches. `label` names all three for assistive technology.
 */
export function ColorField(props: { label: string; value: string; onChange: (v: string) => void; error?: string }) {
  const normal = normaliseAccountColor(props.value);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={props.label}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          error={Boolean(props.error) || normal === undefined}
          helperText={
            props.error ?? (normal === undefined ? 'A colour in hex, such as #8861E4.' : `Saved as ${normal}`)
          }
          sx={{ flexGrow: 1 }}
        />
        <Box
          component="input"
          type="color"
          aria-label={`Pick the ${props.label.toLowerCase()}`}
          value={(normal ?? DEFAULT_ROLE_COLOR).toLowerCase()}
          onChange={(e: { target: { value: string } }) => props.onChange(e.target.value.toUpperCase())}
          sx={{
            width: 40,
            height: 40,
            p: 0,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'transparent',
          }}
        />
      </Box>
      <Box role="group" aria-label={`${props.label} swatches`} sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
        {SWATCHES.map((c) => (
          <Box
            key={c}
            component="button"
            type="button"
            aria-label={`Use ${c}`}
            aria-pressed={normal === c}
            onClick={() => props.onChange(c)}
            sx={{
              width: 24,
              height: 24,
              p: 0,
              borderRadius: '50%',
              bgcolor: c,
              cursor: 'pointer',
              border: 2,
              borderColor: normal === c ? 'text.primary' : 'transparent',
              outlineOffset: 2,
            }}
          />
        ))}
      </Box>
    </Box>
  );
}
