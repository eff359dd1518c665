import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  label: string;
  /** Shown under the field in red and announced with it (aria-describedby). */
  error?: string | undefined;
  helperText?: ReactNode;
  endAdornment?: ReactNode;
};

/**
 * A labelled outlined text input. Built from the MUI parts instead of TextField, whose Select support
 * would pull menus and popovers into the small sign-in bundle.
 */
export const FormTextField = forwardRef<HTMLInputElement, Props>(function FormTextField(
  { label, error, helperText, endAdornment, id, required, ...inputProps },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = `${inputId}-helper`;
  const described = error || helperText ? helperId : undefined;
  return (
    <FormControl fullWidth error={Boolean(error)} required={required} margin="dense">
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        label={required ? `${label} *` : label}
        inputRef={ref}
        inputProps={{ ...inputProps, 'aria-describedby': described, 'aria-invalid': Boolean(error) }}
        endAdornment={endAdornment}
      />
      {(error || helperText) && <FormHelperText id={helperId}>{error || helperText}</FormHelperText>}
    </FormControl>
  );
});
