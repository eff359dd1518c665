import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export function NotFoundPage() {
  return (
    <Box sx={{ p: { xs: 2, sm: 4 } }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        Page not found
      </Typography>
      <Typography sx={{ mb: 2 }}>There is nothing at this address yet.</Typography>
      <Link component={RouterLink} to="/">
        Back to home
      </Link>
    </Box>
  );
}

export { NotFoundPage as Component };
