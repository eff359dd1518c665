import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../../shared/api/api-error';
import { messageOf } from '../../../shared/api/message-of';
import { ErrorState } from '../../../shared/states/error-state';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import {
  useAiModelsQuery,
  useAiUserModelQuery,
  useDeleteAiUserModelMutation,
  useSaveAiUserModelMutation,
} from './ai-settings-api';
import type { AiModelInfo, AiUserModelSetting } from './ai-settings-types';
import { KnowledgeIndex } from './knowledge-index';

const SOURCE_TEXT: Record<AiModelInfo['kind'], string> = {
  built_in: 'Built in: answers from your data with the app’s own rules, offline. Not a language model.',
  provider: 'Set up by the operator of this TradeDesk.',
  user: 'Your own key.',
};

type Field = 'baseUrl' | 'apiKey' | 'model';
type Errors = Partial<Record<Field, string>>;

function Section(props: { title: string; description?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
      <Typography id={titleId} component="h3" variant="h6" sx={{ fontWeight: 600, mb: props.description ? 0.5 : 2 }}>
        {props.title}
      </Typography>
      {props.description && (
        <Typography variant="body2" component="div" sx={{ color: 'text.secondary', mb: 2 }}>
          {props.description}
        </Typography>
      )}
      {props.children}
    </Paper>
  );
}

/** The checks of the own-model form, with the sentences shown under each field. */
export function validateUserModel(values: { baseUrl: string; apiKey: string; model: string }, hasKey: boolean): Errors {
  const errors: Errors = {};
  const url = values.baseUrl.trim();
  if (!url) errors.baseUrl = 'Base URL is required.';
  else if (!/^https?:\/\/[^\s/]+/i.test(url))
    errors.baseUrl = 'Base URL must be a web address starting with http:// or https://.';
  if (!values.apiKey.trim() && !hasKey) errors.apiKey = 'API key is required.';
  if (!values.model.trim()) errors.model = 'Model is required.';
  else if (values.model.trim().length > 200) errors.model = 'Model must be at most 200 characters.';
  return errors;
}

function OwnModelForm(props: { setting: AiUserModelSetting }) {
  const { setting } = props;
  const [baseUrl, setBaseUrl] = useState(setting.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [model, setModel] = useState(setting.model ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [save, saveState] = useSaveAiUserModelMutation();
  const [remove, removeState] = useDeleteAiUserModelMutation();
  const configured = setting.configured;

  async function onSubmit() {
    const found = validateUserModel({ baseUrl, apiKey, model }, configured);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    try {
      await save({
        baseUrl: baseUrl.trim(),
        ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
        model: model.trim(),
      }).unwrap();
      setApiKey('');
      toast.success('Your model is saved. The assistant uses it from your next message.');
    } catch (error) {
      const byField = isApiError(error) ? fieldErrorsOf(error) : {};
      const placed: Errors = {};
      if (byField.base_url) placed.baseUrl = byField.base_url;
      if (byField.api_key) placed.apiKey = byField.api_key;
      if (byField.model) placed.model = byField.model;
      setErrors(placed);
      if (Object.keys(placed).length === 0) setFormError(messageOf(error, 'Your model could not be saved. Try again.'));
    }
  }

  return (
    <Box
      component="form"
      aria-label="Your own model"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      {formError && <InlineAlert severity="error">{formError}</InlineAlert>}
      <TextField
        label="Base URL"
        placeholder="https://api.example.com/v1"
        value={baseUrl}
        error={Boolean(errors.baseUrl)}
        helperText={errors.baseUrl ?? 'The address of a service that speaks the OpenAI chat-completions protocol.'}
        onChange={(e) => setBaseUrl(e.target.value)}
      />
      <TextField
        label="API key"
        type="password"
        autoComplete="off"
        value={apiKey}
        error={Boolean(errors.apiKey)}
        helperText={
          errors.apiKey ??
          (configured
            ? `A key${setting.keyHint ? ` ending ${setting.keyHint}` : ''} is saved (stored encrypted, never shown). Leave empty to keep it, or type a new one.`
            : 'Stored encrypted; never shown again.')
        }
        onChange={(e) => setApiKey(e.target.value)}
      />
      <TextField
        label="Model"
        placeholder="gpt-4o-mini"
        value={model}
        error={Boolean(errors.model)}
        helperText={errors.model ?? 'The model name the service expects.'}
        onChange={(e) => setModel(e.target.value)}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {configured && (
          <Button
            color="error"
            disabled={removeState.isLoading || saveState.isLoading}
            onClick={async () => {
              try {
                await remove().unwrap();
                setBaseUrl('');
                setModel('');
                setApiKey('');
                toast.success(
                  'Your model is removed. The assistant uses the operator’s model or the built-in analyst.',
                );
              } catch (error) {
                setFormError(messageOf(error, 'Your model could not be removed. Try again.'));
              }
            }}
          >
            Remove my model
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={saveState.isLoading || removeState.isLoading}>
          {saveState.isLoading ? 'Saving…' : 'Save model'}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The AI assistant's settings tab (issue 14 item 1): the models configured for the user (the built-in analyst
 * always) and, when the operator allows it (AI_USER_KEYS=allow), the user's own OpenAI-compatible model and key.
 */
export function AiModelSettings() {
  const models = useAiModelsQuery();
  const own = useAiUserModelQuery();

  return (
    <>
      <Section title="Models" description="Who writes the assistant’s answers. The same tools read your data for each.">
        {models.isLoading ? (
          <LoadingState label="Loading the models" />
        ) : models.isError ? (
          <ErrorState
            title="The models could not be loaded."
            message={messageOf(models.error, '')}
            onRetry={() => void models.refetch()}
            retrying={models.isFetching}
          />
        ) : (
          <List dense disablePadding aria-label="Models">
            {(models.data ?? []).map((m) => (
              <ListItem key={m.id} disableGutters>
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                      {m.label}
                      {m.builtIn && <Chip size="small" variant="outlined" label="Offline" />}
                      {m.active && <Chip size="small" color="primary" label="In use" />}
                    </Box>
                  }
                  secondary={`${SOURCE_TEXT[m.kind]}${m.host ? ` Your chats are sent to ${m.host}.` : ''}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Section
        title="Document search index"
        description="Your documents’ passages, indexed for the model in use so the assistant finds them by meaning."
      >
        <KnowledgeIndex />
      </Section>
      <Section title="Your own model">
        {own.isLoading ? (
          <LoadingState label="Loading your model setting" />
        ) : own.data?.allowed ? (
          <OwnModelForm setting={own.data} />
        ) : own.data || (isApiError(own.error) && own.error.status === 403) ? (
          <Typography variant="body2" color="text.secondary">
            This TradeDesk does not let users bring their own model key; its operator decides which model the assistant
            uses.
          </Typography>
        ) : (
          <ErrorState
            title="Your model setting could not be loaded."
            message={messageOf(own.error, '')}
            onRetry={() => void own.refetch()}
            retrying={own.isFetching}
          />
        )}
      </Section>
    </>
  );
}
