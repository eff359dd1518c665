import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AGENT_LIMITS, type AgentFormErrors } from '../agent-form-model';
import type { AgentCommand } from '../agents-types';

/** An agent's slash commands: `/command` in the chat sends the prompt. */
export function CommandsEditor(props: {
  value: AgentCommand[];
  errors: AgentFormErrors['commands'];
  onChange: (value: AgentCommand[]) => void;
  disabled?: boolean;
}) {
  const set = (index: number, patch: Partial<AgentCommand>) =>
    props.onChange(props.value.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Commands
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Typing a command in the agent's chat sends its prompt, so a routine check is one word away.
      </Typography>
      {props.value.map((row, index) => {
        const n = index + 1;
        const error = props.errors?.[index];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; they are edited in place
          <Box key={index} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr auto' }, gap: 1 }}>
            <TextField
              size="small"
              label={`Command ${n}`}
              value={row.command}
              disabled={props.disabled}
              error={Boolean(error?.command)}
              helperText={error?.command}
              onChange={(e) => set(index, { command: e.target.value })}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">/</InputAdornment> },
                htmlInput: { maxLength: AGENT_LIMITS.command + 1 },
              }}
            />
            <TextField
              size="small"
              label={`Prompt of command ${n}`}
              value={row.prompt}
              multiline
              maxRows={4}
              disabled={props.disabled}
              error={Boolean(error?.prompt)}
              helperText={error?.prompt}
              onChange={(e) => set(index, { prompt: e.target.value })}
            />
            <IconButton
              aria-label={`Remove command ${n}`}
              disabled={props.disabled}
              onClick={() => props.onChange(props.value.filter((_r, i) => i !== index))}
              sx={{ alignSelf: 'start' }}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Box>
        );
      })}
      <Box>
        <Button
          size="small"
          startIcon={<Add />}
          disabled={props.disabled || props.value.length >= AGENT_LIMITS.commands}
          onClick={() => props.onChange([...props.value, { command: '', prompt: '' }])}
        >
          Add command
        </Button>
      </Box>
    </Box>
  );
}
