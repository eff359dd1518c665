import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/** A titled card of the settings page; the title names the region for assistive technology. */
export function SettingsSection(props: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: 'default' | 'danger';
}) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 }, mb: 2, borderColor: props.tone === 'danger' ? 'error.main' : 'divider' }}
    >
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
