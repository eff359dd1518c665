import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Outlet } from 'react-router';

/** Centred card for the signed-out pages; full width on phones. */
export function Component() {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', px: { xs: 1.5, sm: 3 }, py: 4 }}
    >
      <Box sx={{ width: '100%', maxWidth: 440 }}>
        <Typography
          component="p"
          variant="h6"
          sx={{ textAlign: 'center', mb: 2, fontWeight: 700, letterSpacing: 0.2 }}
          aria-label="TradeDesk"
        >
          <Box component="span" sx={{ color: 'primary.main' }}>
            Trade
          </Box>
          Desk
        </Typography>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Outlet />
        </Paper>
      </Box>
    </Box>
  );
}
