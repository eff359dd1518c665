import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { PasswordAssessment, PasswordContext } from '@tradedesk/contracts/password-policy';
import { usePasswordPolicy } from './password-policy';

const colors = ['error', 'error', 'warning', 'info', 'success'] as const;
/** Below this the password is too short whatever it holds: no dictionary needed to say so. */
const MIN_LENGTH = 8;

/**
 * The strength of a password being chosen, scored by the same rule the server applies (zxcvbn with the
 * common-password list, and the account's own email, username and name), with the reason it would be
 * refused. The rule's module loads when a password is first typed.
 */
export function PasswordStrengthMeter(props: { password: string; context?: PasswordContext }) {
  const policy = usePasswordPolicy(props.password.length > 0);
  if (!props.password) return null;
  const assessment: PasswordAssessment | null =
    props.password.length < MIN_LENGTH
      ? { score: 0, label: 'Too short', problem: null }
      : (policy?.assessPassword(props.password, props.context) ?? null);
  if (!assessment) return null;
  return (
    <Box sx={{ mt: 0.5, mb: 1 }}>
      <LinearProgress
        variant="determinate"
        value={(assessment.score / 4) * 100}
        color={colors[assessment.score]}
        aria-label="Password strength"
        aria-valuetext={assessment.label}
      />
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }} aria-live="polite">
        Password strength: {assessment.label}
        {assessment.problem && assessment.label !== 'Too short' ? ` — ${assessment.problem}` : ''}
      </Typography>
    </Box>
  );
}
