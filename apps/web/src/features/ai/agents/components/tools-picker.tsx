import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ErrorState } from '../../../../shared/states/error-state';
import { LoadingState } from '../../../../shared/states/loading-state';
import { useAiToolsQuery } from '../agents-api';
import type { AiToolInfo } from '../agents-types';

const GROUPS: { kind: AiToolInfo['kind']; title: string; note: string }[] = [
  { kind: 'read', title: 'Read your data', note: 'Scoped to whoever chats with the agent.' },
  { kind: 'action', title: 'Actions', note: 'Only proposed in the chat: nothing happens until the user confirms.' },
];

/** The tools an agent may use (GET /ai/tools): every tool, or the ones ticked. */
export function ToolsPicker(props: {
  value: string[] | null;
  onChange: (value: string[] | null) => void;
  disabled?: boolean;
}) {
  const tools = useAiToolsQuery();
  const registry = tools.data ?? [];
  const all = props.value === null;
  const chosen = new Set(props.value ?? []);

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Tools
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={all}
            disabled={props.disabled || !tools.data}
            onChange={(_e, checked) => props.onChange(checked ? null : (tools.data ?? []).map((t) => t.name))}
          />
        }
        label="Every tool of the assistant"
      />
      {tools.isLoading && <LoadingState label="Loading the tools" />}
      {tools.isError && (
        <ErrorState
          title="The tools could not be loaded."
          onRetry={() => void tools.refetch()}
          retrying={tools.isFetching}
        />
      )}
      {!all &&
        GROUPS.map((group) => {
          const inGroup = registry.filter((t) => t.kind === group.kind);
          if (inGroup.length === 0) return null;
          return (
            <Box key={group.kind}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {group.title}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {group.note}
              </Typography>
              <FormGroup aria-label={group.title}>
                {inGroup.map((tool) => (
                  <FormControlLabel
                    key={tool.name}
                    control={
                      <Checkbox
                        size="small"
                        checked={chosen.has(tool.name)}
                        disabled={props.disabled}
                        onChange={(_e, checked) => {
                          const next = new Set(chosen);
                          if (checked) next.add(tool.name);
                          else next.delete(tool.name);
                          props.onChange(registry.map((t) => t.name).filter((name) => next.has(name)));
                        }}
                      />
                    }
                    label={
                      <span>
                        <code>{tool.name}</code>
                        <Typography component="span" variant="body2" color="text.secondary">
                          {' '}
                          — {tool.description}
                        </Typography>
                      </span>
                    }
                  />
                ))}
              </FormGroup>
            </Box>
          );
        })}
    </Box>
  );
}
