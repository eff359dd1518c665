import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Two columns of fields from 767 px up, one below. */
export function FieldGrid(props: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, alignItems: 'start' }}>
      {props.children}
    </Box>
  );
}
