import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { TimeZoneInfo } from '@tradedesk/contracts';
import { type Ref, useMemo } from 'react';
import { useTimeZonesQuery } from '../settings-api';

/** The time zone, chosen by typing a place, a zone id or an offset (GET /market/timezones). */
export function TimeZoneField(props: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string | undefined;
}) {
  const { data, isLoading, isError } = useTimeZonesQuery();
  const byId = useMemo(() => new Map<string, TimeZoneInfo>((data ?? []).map((z) => [z.id, z])), [data]);
  const options = useMemo(() => {
    const ids = (data ?? []).map((z) => z.id);
    // The saved zone stays selectable while the list loads or if the list lacks it.
    return props.value && !byId.has(props.value) ? [props.value, ...ids] : ids;
  }, [data, byId, props.value]);
  const labelOf = (id: string) => byId.get(id)?.label ?? id;
  const filter = useMemo(
    () => createFilterOptions<string>({ stringify: (id) => `${byId.get(id)?.label ?? ''} ${id.replaceAll('_', ' ')}` }),
    [byId],
  );

  const helper = props.error ?? (isError ? 'The list of time zones could not be loaded' : undefined);
  return (
    <Autocomplete
      options={options}
      value={props.value}
      onChange={(_event, value) => props.onChange(value)}
      onBlur={props.onBlur}
      getOptionLabel={labelOf}
      filterOptions={filter}
      loading={isLoading}
      disableClearable
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          label="Time zone"
          margin="dense"
          inputRef={props.inputRef}
          error={Boolean(props.error)}
          helperText={helper}
        />
      )}
    />
  );
}
