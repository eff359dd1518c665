import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { fieldErrorsOf, isApiError } from '../../../../shared/api/api-error';
import { InlineAlert } from '../../../../shared/states/inline-alert';
import { toast } from '../../../../shared/toast/toast';
import {
  AGENT_LIMITS,
  type AgentFormErrors,
  type AgentFormValues,
  agentFormOf,
  changedParts,
  commandsToSend,
  emptyAgentForm,
  hasErrors,
  validateAgentForm,
} from '../agent-form-model';
import {
  useCreateAiAgentMutation,
  useSetAiAgentCommandsMutation,
  useSetAiAgentPublicMutation,
  useSetAiAgentToolsMutation,
  useUpdateAiAgentMutation,
} from '../agents-api';
import type { AiAgent } from '../agents-types';
import { AGENTS_PATH, agentChatPath, agentPath } from '../agents-url';
import { CommandsEditor } from './commands-editor';
import { KnowledgeSection } from './knowledge-section';
import { ToolsPicker } from './tools-picker';

function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

/** Public share on/off (spec section 4: made public, made private). */
function PublicShare(props: { agent: AiAgent }) {
  const [setPublic, state] = useSetAiAgentPublicMutation();
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <FormControlLabel
        control={
          <Switch
            checked={props.agent.share.isPublic}
            disabled={state.isLoading}
            onChange={async (_e, checked) => {
              try {
                await setPublic({ id: props.agent.id, isPublic: checked }).unwrap();
                toast.success(checked ? `${props.agent.name} is public.` : `${props.agent.name} is private again.`);
              } catch {
                // Shown below.
              }
            }}
          />
        }
        label="Public: anyone signed in can chat with it"
      />
      <Typography variant="caption" color="text.secondary">
        Others can use it and clone it, never edit it. Its tools read the data of whoever chats with it, never yours;
        its knowledge documents are shared with it.
      </Typography>
      {state.isError && (
        <InlineAlert severity="error">
          {messageOf(state.error, 'The share setting could not be changed. Try again.')}
        </InlineAlert>
      )}
    </Box>
  );
}

/**
 * Create or edit an agent (issue 14 item 6): name, description, instructions, commands and tools in one form;
 * knowledge and the public share act at once and appear once the agent exists (they need its id).
 */
export function AgentEditor(props: { agent: AiAgent | null }) {
  const { agent } = props;
  const navigate = useNavigate();
  const initial = agent ? agentFormOf(agent) : null;
  const [values, setValues] = useState<AgentFormValues>(() => initial ?? emptyAgentForm());
  const [errors, setErrors] = useState<AgentFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [create] = useCreateAiAgentMutation();
  const [update] = useUpdateAiAgentMutation();
  const [setTools] = useSetAiAgentToolsMutation();
  const [setCommands] = useSetAiAgentCommandsMutation();

  const change = (patch: Partial<AgentFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setFormError(null);
  };

  async function onSubmit() {
    const found = validateAgentForm(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setSaving(true);
    setFormError(null);
    const body = {
      name: values.name.trim(),
      description: values.description.trim(),
      instructions: values.instructions.trim(),
    };
    try {
      const saved = agent ? await update({ id: agent.id, ...body }).unwrap() : await create(body).unwrap();
      const parts = changedParts(initial, values);
      if (parts.tools) await setTools({ id: saved.id, names: values.toolNames }).unwrap();
      if (parts.commands) await setCommands({ id: saved.id, commands: commandsToSend(values) }).unwrap();
      if (agent) toast.success(`${body.name} is saved.`);
      else {
        toast.success(`${body.name} is created. Add its knowledge below.`);
        navigate(agentPath(saved.id), { replace: true });
      }
    } catch (error) {
      const byField = isApiError(error) ? fieldErrorsOf(error) : {};
      const placed: AgentFormErrors = {};
      for (const field of ['name', 'description', 'instructions'] as const) {
        if (byField[field]) placed[field] = byField[field];
      }
      setErrors(placed);
      setFormError(hasErrors(placed) ? null : messageOf(error, 'The agent could not be saved. Try again.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={AGENTS_PATH} startIcon={<ArrowBack />}>
          All agents
        </Button>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, flex: 1 }}>
          {agent ? `Edit ${agent.name}` : 'New agent'}
        </Typography>
        {agent && (
          <Button variant="outlined" onClick={() => navigate(agentChatPath(agent.id))}>
            Chat with agent
          </Button>
        )}
      </Box>
      <Paper
        variant="outlined"
        component="form"
        aria-label={agent ? `Edit ${agent.name}` : 'New agent'}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
      >
        {formError && <InlineAlert severity="error">{formError}</InlineAlert>}
        <TextField
          label="Name"
          required
          value={values.name}
          error={Boolean(errors.name)}
          helperText={errors.name}
          onChange={(e) => change({ name: e.target.value })}
          slotProps={{ htmlInput: { maxLength: AGENT_LIMITS.name + 1 } }}
        />
        <TextField
          label="Description"
          value={values.description}
          error={Boolean(errors.description)}
          helperText={errors.description ?? 'One line shown in the agents list.'}
          onChange={(e) => change({ description: e.target.value })}
        />
        <TextField
          label="Instructions"
          multiline
          minRows={5}
          value={values.instructions}
          error={Boolean(errors.instructions)}
          helperText={
            errors.instructions ??
            'How the agent should answer: its role, what to check, the tone. Added to every chat.'
          }
          onChange={(e) => change({ instructions: e.target.value })}
        />
        <Divider />
        <CommandsEditor
          value={values.commands}
          errors={errors.commands}
          onChange={(commands) => change({ commands })}
        />
        <Divider />
        <ToolsPicker value={values.toolNames} onChange={(toolNames) => change({ toolNames })} />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to={AGENTS_PATH} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Saving…' : agent ? 'Save agent' : 'Create agent'}
          </Button>
        </Box>
      </Paper>
      {agent ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
          <KnowledgeSection agent={agent} />
          <Divider />
          <PublicShare agent={agent} />
        </Paper>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Knowledge and sharing come once the agent is created.
        </Typography>
      )}
    </Box>
  );
}
