import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { passwordStrength } from './password-strength';

const colors = ['error', 'error', 'warning', 'info', 'success'] as const;

export function PasswordStrengthMeter(props: { password: string }) {
  if (!props.password) return null;
  const strength = passwordStrength(props.password);
  return (
    <Box sx={{ mt: 0.5, mb: 1 }}>
      <LinearProgress
        variant="determinate"
        value={(strength.score / 4) * 100}
        color={colors[strength.score]}
        aria-label="Password strength"
        aria-valuetext={strength.label}
      />
      <Typography variant="caption" sx={{ color: 'text.secondary' }} aria-live="polite">
        Password strength: {strength.label}
      </Typography>
    </Box>
  );
}
