import Box from '@mui/material/Box';
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
  // A read-only field does not look like one to type in: tinted, a dashed edge, a lock, the value in grey.
  const readOnly = Boolean(inputProps.readOnly);
  return (
    <FormControl fullWidth error={Boolean(error)} required={required} margin="dense">
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        label={required ? `${label} *` : label}
        inputRef={ref}
        inputProps={{ ...inputProps, 'aria-describedby': described, 'aria-invalid': Boolean(error) }}
        endAdornment={endAdornment ?? (readOnly ? <ReadOnlyMark /> : undefined)}
        sx={
          readOnly
            ? {
                bgcolor: 'action.hover',
                color: 'text.secondary',
                '& .MuiOutlinedInput-notchedOutline': { borderStyle: 'dashed' },
              }
            : undefined
        }
      />
      {(error || helperText) && <FormHelperText id={helperId}>{error || helperText}</FormHelperText>}
    </FormControl>
  );
});

/** A small padlock (drawn here, not from the icon set, to keep the sign-in bundle small). */
function ReadOnlyMark() {
  return (
    <Box component="span" sx={{ display: 'flex', ml: 1, color: 'text.secondary' }}>
      <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
        <path d="M17 8h-1V6a4 4 0 0 0-8 0v2H7a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V10a2 2 0 0 0-2-2Zm-7-2a2 2 0 1 1 4 0v2h-4V6Zm7 14H7V10h10v10Z" />
      </svg>
    </Box>
  );
}
