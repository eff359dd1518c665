import { InlineAlert } from '../../../shared/states/inline-alert';
import { failureLines } from './failure-lines';

/** The sentences of a failed save under a dialog's form, one a line; nothing when it has not failed. */
export function FailureAlert(props: { error: unknown; fallback: string }) {
  const lines = failureLines(props.error, props.fallback);
  if (lines.length === 0) return null;
  return (
    <InlineAlert severity="error" sx={{ mt: 2 }}>
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </InlineAlert>
  );
}
