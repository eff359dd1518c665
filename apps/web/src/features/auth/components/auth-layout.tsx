import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Outlet, Link as RouterLink } from 'react-router';
import { MAIN_ID, SkipLink } from '../../../shared/a11y/skip-link';

/** Centred card for the signed-out pages; full width on phones. */
export function Component() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', px: { xs: 1.5, sm: 3 }, py: 4 }}>
      <SkipLink />
      <Box sx={{ width: '100%', maxWidth: 440 }}>
        <Box component="header" sx={{ textAlign: 'center', mb: 2 }}>
          <Typography
            component={RouterLink}
            to="/"
            aria-label="TradeDesk home"
            variant="h6"
            sx={{
              fontWeight: 700,
              letterSpacing: 0.2,
              color: 'text.primary',
              textDecoration: 'none',
              borderRadius: 0.5,
            }}
          >
            <Box component="span" sx={{ color: 'primary.main' }}>
              Trade
            </Box>
            Desk
          </Typography>
        </Box>
        <Paper
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          variant="outlined"
          sx={{ p: { xs: 2.5, sm: 4 }, '&:focus': { outline: 'none' } }}
        >
          <Outlet />
        </Paper>
      </Box>
    </Box>
  );
}
