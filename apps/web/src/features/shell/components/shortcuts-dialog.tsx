import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { pageShortcuts, shortcuts } from '../shortcuts';

export function ShortcutsDialog(props: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby="shortcuts-title" fullWidth maxWidth="xs">
      <DialogTitle id="shortcuts-title">Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1.5, alignItems: 'center' }}
        >
          {[...shortcuts, ...pageShortcuts].map((s) => (
            <Box key={s.id} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ display: 'flex', gap: 0.5 }}>
                {s.keys.map((k) => (
                  <Box
                    key={k}
                    component="kbd"
                    sx={{
                      border: 1,
                      borderColor: 'divider',
                      borderRadius: 1,
                      px: 0.75,
                      fontFamily: 'inherit',
                      fontSize: 13,
                    }}
                  >
                    {k}
                  </Box>
                ))}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {s.description}
              </Box>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
