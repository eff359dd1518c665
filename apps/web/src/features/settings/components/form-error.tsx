import Alert from '@mui/material/Alert';

/** A failure that belongs to no single field (network, wrong state), shown above the form's fields. */
export function FormError(props: { message: string | null }) {
  if (!props.message) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {props.message}
    </Alert>
  );
}
