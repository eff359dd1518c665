import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { countryCodes } from '@tradedesk/contracts';
import { type Ref, useMemo } from 'react';

function countryNames(): (code: string) => string {
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** An ISO 3166-1 alpha-2 country picked by its English name; empty when none is chosen. */
export function CountryField(props: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string | undefined;
}) {
  const nameOf = useMemo(countryNames, []);
  const options = useMemo(() => [...countryCodes].sort((a, b) => nameOf(a).localeCompare(nameOf(b), 'en')), [nameOf]);
  const value = props.value.toUpperCase();
  return (
    <Autocomplete
      options={options}
      value={value === '' ? null : value}
      onChange={(_event, next) => props.onChange(next ?? '')}
      onBlur={props.onBlur}
      getOptionLabel={(code) => `${nameOf(code)} (${code})`}
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          label="Country"
          margin="dense"
          inputRef={props.inputRef}
          error={Boolean(props.error)}
          helperText={props.error}
        />
      )}
    />
  );
}
