import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COMMUNITY_PLATFORMS, COMMUNITY_SIZES, COMMUNITY_TYPES, COMMUNITY_VISIBILITIES } from '@tradedesk/contracts';
import { type ReactNode, useId } from 'react';
import {
  type CommunityPlatform,
  type CommunitySize,
  type CommunityType,
  PLATFORM_OPTIONS,
  SIZE_OPTIONS,
  TYPE_OPTIONS,
  VISIBILITY_OPTIONS,
  type WizardField,
  type WizardState,
} from './wizard-model';

export type StepProps = {
  state: WizardState;
  update: (patch: Partial<WizardState>) => void;
  errors: Partial<Record<WizardField, string>>;
};

/** A radio with a title and a line explaining it. */
function Option(props: { value: string; label: string; description?: string }) {
  return (
    <FormControlLabel
      value={props.value}
      control={<Radio />}
      sx={{ alignItems: 'flex-start', m: 0, py: 0.5, '& .MuiRadio-root': { mt: -0.75 } }}
      label={
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{props.label}</Typography>
          {props.description && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {props.description}
            </Typography>
          )}
        </Box>
      }
    />
  );
}

function ChoiceGroup(props: {
  legend: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <FormControl error={Boolean(props.error)} component="fieldset">
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {props.legend}
      </FormLabel>
      <RadioGroup
        value={props.value}
        onChange={(_e, v) => props.onChange(v)}
        aria-describedby={props.error ? errorId : undefined}
      >
        {props.children}
      </RadioGroup>
      {props.error && <FormHelperText id={errorId}>{props.error}</FormHelperText>}
    </FormControl>
  );
}

export function TypeStep({ state, update, errors }: StepProps) {
  return (
    <ChoiceGroup
      legend="What kind of community is it?"
      value={state.type}
      error={errors.type}
      onChange={(v) => update({ type: v as CommunityType })}
    >
      {COMMUNITY_TYPES.map((t) => (
        <Option key={t} value={t} label={TYPE_OPTIONS[t].label} description={TYPE_OPTIONS[t].description} />
      ))}
    </ChoiceGroup>
  );
}

export function ExistingCommunityStep({ state, update, errors }: StepProps) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <TextField
        label="Address of your existing community (optional)"
        placeholder="https://discord.gg/..."
        type="url"
        value={state.existingCommunityUrl}
        onChange={(e) => update({ existingCommunityUrl: e.target.value })}
        error={Boolean(errors.existing_community_url)}
        helperText={
          errors.existing_community_url ?? 'Where your members meet today, if they do: a Discord server, a Skool group.'
        }
        slotProps={{ htmlInput: { maxLength: 300 } }}
        fullWidth
      />
      <ChoiceGroup
        legend="How many members does it have today?"
        value={state.communitySize}
        error={errors.community_size}
        onChange={(v) => update({ communitySize: v as CommunitySize })}
      >
        {COMMUNITY_SIZES.map((s) => (
          <Option key={s} value={s} label={SIZE_OPTIONS[s]} />
        ))}
      </ChoiceGroup>
    </Box>
  );
}

export function PlatformsStep({ state, update, errors }: StepProps) {
  const toggle = (p: CommunityPlatform, on: boolean) =>
    update({ platforms: on ? [...state.platforms, p] : state.platforms.filter((x) => x !== p) });
  return (
    <FormControl component="fieldset" error={Boolean(errors.platforms)}>
      <FormLabel component="legend">Which platforms does your community use?</FormLabel>
      <FormHelperText sx={{ mx: 0, mb: 1 }}>{errors.platforms ?? 'Choose any that apply, or none.'}</FormHelperText>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        {COMMUNITY_PLATFORMS.map((p) => (
          <FormControlLabel
            key={p}
            label={PLATFORM_OPTIONS[p]}
            control={<Checkbox checked={state.platforms.includes(p)} onChange={(_e, on) => toggle(p, on)} />}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

export function VisibilityStep({ state, update, errors }: StepProps) {
  return (
    <ChoiceGroup
      legend="Who can see the community?"
      value={state.visibility}
      error={errors.visibility}
      onChange={(v) => update({ visibility: v as WizardState['visibility'] })}
    >
      {COMMUNITY_VISIBILITIES.map((v) => (
        <Option key={v} value={v} label={VISIBILITY_OPTIONS[v].label} description={VISIBILITY_OPTIONS[v].description} />
      ))}
    </ChoiceGroup>
  );
}
