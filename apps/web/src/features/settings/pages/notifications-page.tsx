import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  type Configuration,
  type NotificationKey,
  notificationKeys,
  notificationSettingsBodySchema,
} from '@tradedesk/contracts';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { FormActions } from '../components/form-actions';
import { SettingsSection } from '../components/settings-section';
import { useSettingsForm } from '../hooks/use-settings-form';
import { useSaveNotificationSettingsMutation } from '../settings-api';

const labels: Record<NotificationKey, { label: string; hint: string }> = {
  email_news: { label: 'News emails', hint: 'Market news and analysis by email' },
  email_product: { label: 'Product emails', hint: 'New features and changes to the product' },
  email_alerts: { label: 'Alert emails', hint: 'Your price and event alerts by email' },
  push_alerts: { label: 'Alert notifications', hint: 'Your price and event alerts in the app' },
  push_mentions: { label: 'Mentions', hint: 'When someone mentions you in a post or comment' },
  push_messages: { label: 'Messages', hint: 'When someone sends you a message' },
  push_follows: { label: 'New followers', hint: 'When someone follows you' },
  weekly_report: { label: 'Weekly report', hint: 'A summary of your trading week by email' },
  push_requests: {
    label: 'Requests and invites',
    hint: 'Follow requests and their answers, community invites, join requests and their answers',
  },
  push_likes: { label: 'Likes', hint: 'When someone likes your post or comment' },
  push_comments: { label: 'Comments', hint: 'When someone comments on your post' },
  push_reposts: { label: 'Reposts', hint: 'When someone reposts your post' },
};

/** The switches in groups; every key appears in exactly one (checked by the page's test). */
export const notificationGroups: { title: string; keys: NotificationKey[] }[] = [
  { title: 'Email', keys: ['email_news', 'email_product', 'email_alerts', 'weekly_report'] },
  { title: 'In the app', keys: ['push_alerts'] },
  {
    title: 'Community',
    keys: [
      'push_follows',
      'push_requests',
      'push_likes',
      'push_comments',
      'push_mentions',
      'push_reposts',
      'push_messages',
    ],
  },
];

type NotificationValues = Record<NotificationKey, boolean>;

// The contract's schema refuses unknown keys; here every known key is a plain switch.
const schema = notificationSettingsBodySchema.pipe(
  z.object(Object.fromEntries(notificationKeys.map((k) => [k, z.boolean()])) as Record<NotificationKey, z.ZodBoolean>),
) as unknown as z.ZodType<NotificationValues, NotificationValues>;

const camelKey = (key: NotificationKey) =>
  key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()) as keyof Configuration['notifications'];

function toValues(config: Configuration): NotificationValues {
  return Object.fromEntries(notificationKeys.map((k) => [k, config.notifications[camelKey(k)]])) as NotificationValues;
}

/** notifications: one switch per notification key in groups (PUT /customer/settings/notifications). */
export function NotificationsPage(props: { config: Configuration }) {
  const [save] = useSaveNotificationSettingsMutation();
  const { form, onSubmit, discard, formError, isDirty, isSubmitting } = useSettingsForm({
    id: 'notifications',
    schema,
    config: props.config,
    toValues,
    save: (body) => save(body),
    successMessage: 'Your notification settings were saved.',
  });

  return (
    <SettingsSection title="What we tell you about" description="Choose what reaches you, by email or in the app.">
      <form noValidate onSubmit={onSubmit} aria-label="Notifications">
        {formError && (
          <InlineAlert severity="error" sx={{ mt: 0, mb: 2 }}>
            {formError}
          </InlineAlert>
        )}
        {notificationGroups.map((group, index) => (
          <FormGroup key={group.title} role="group" aria-labelledby={`notification-group-${index}`} sx={{ mb: 2 }}>
            <Typography id={`notification-group-${index}`} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {group.title}
            </Typography>
            {group.keys.map((key) => (
              <Controller
                key={key}
                control={form.control}
                name={key}
                render={({ field, fieldState }) => (
                  <>
                    <FormControlLabel
                      control={
                        <Switch
                          checked={field.value}
                          onChange={(e) => field.onChange(e.target.checked)}
                          onBlur={field.onBlur}
                          name={field.name}
                          slotProps={{ input: { 'aria-describedby': `notification-${key}-hint` } }}
                        />
                      }
                      label={labels[key].label}
                    />
                    <FormHelperText
                      id={`notification-${key}-hint`}
                      error={Boolean(fieldState.error)}
                      sx={{ mt: -0.5, mb: 1, ml: 6 }}
                    >
                      {fieldState.error?.message ?? labels[key].hint}
                    </FormHelperText>
                  </>
                )}
              />
            ))}
          </FormGroup>
        ))}
        <FormActions dirty={isDirty} submitting={isSubmitting} onDiscard={discard} />
      </form>
    </SettingsSection>
  );
}
