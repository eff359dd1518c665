import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** Save (only once something changed) and discard, at the foot of a settings form. */
export function FormActions(props: { dirty: boolean; submitting: boolean; onDiscard: () => void; saveLabel?: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap', mt: 2 }}>
      <Button type="button" onClick={props.onDiscard} disabled={!props.dirty || props.submitting}>
        Discard changes
      </Button>
      <Button type="submit" variant="contained" disabled={!props.dirty || props.submitting}>
        {props.submitting ? 'Saving…' : (props.saveLabel ?? 'Save changes')}
      </Button>
    </Box>
  );
}
