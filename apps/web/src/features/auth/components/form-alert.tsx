import Box from '@mui/material/Box';

/**
 * A message above or below a form. Plain box with a live role instead of MUI Alert, which would add
 * its icon set to the sign-in bundle.
 */
export function FormAlert(props: { severity: 'error' | 'success' | 'info'; children: React.ReactNode }) {
  const color = props.severity === 'error' ? 'error.main' : props.severity === 'success' ? 'primary.main' : 'info.main';
  return (
    <Box
      role={props.severity === 'error' ? 'alert' : 'status'}
      sx={{ border: 1, borderColor: color, borderRadius: 1, px: 1.5, py: 1, my: 1.5, fontSize: 14 }}
    >
      {props.children}
    </Box>
  );
}
