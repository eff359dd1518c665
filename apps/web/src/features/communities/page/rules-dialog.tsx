import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Community } from '@tradedesk/contracts';
import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { ErrorState } from '../../../shared/states/error-state';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { usePageAcceptRulesMutation, usePageRulesQuery } from './community-page-api';

/** The community's rules in order, with Accept: shown to a member before their first post, comment or message. */
export function RulesDialog(props: {
  community: Community;
  open: boolean;
  onAccepted: () => void;
  onClose: () => void;
}) {
  const { community: c } = props;
  const titleId = useId();
  const rules = usePageRulesQuery(c.id, { skip: !props.open });
  const [accept, accepting] = usePageAcceptRulesMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const onAccept = async () => {
    setProblem(null);
    const r = await accept(c.id);
    if ('error' in r) {
      setProblem(
        isApiError(r.error) && r.error.message ? r.error.message : 'The rules could not be accepted. Try again.',
      );
      return;
    }
    props.onAccepted();
  };

  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Rules of {c.name}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Read the rules of this community. Accept them to post, comment and write in its channels.
        </DialogContentText>
        {rules.isLoading ? (
          <LoadingState label="Loading the rules" />
        ) : rules.isError ? (
          <ErrorState title="The rules could not be loaded." onRetry={() => void rules.refetch()} />
        ) : (
          <RulesList rules={rules.data ?? []} />
        )}
        {problem && (
          <InlineAlert severity="error" sx={{ mt: 2 }}>
            {problem}
          </InlineAlert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Not now</Button>
        <Button variant="contained" disabled={accepting.isLoading || rules.isLoading} onClick={() => void onAccept()}>
          Accept the rules
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The rules as a numbered list (About tab and the rules dialog). */
export function RulesList(props: { rules: { id: string; title: string; description: string }[] }) {
  if (props.rules.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        This community has no rules yet.
      </Typography>
    );
  return (
    <ol aria-label="Rules" style={{ margin: 0, paddingLeft: 24 }}>
      {props.rules.map((r) => (
        <li key={r.id} style={{ marginBottom: 8 }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {r.title}
          </Typography>
          {r.description && (
            <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'pre-line' }}>
              {r.description}
            </Typography>
          )}
        </li>
      ))}
    </ol>
  );
}

export type RulesGate = {
  /** Resolves true at once when no acceptance is needed, true after Accept, false when the dialog is closed. */
  ensure: () => Promise<boolean>;
  /** Runs `then` once the rules are accepted (at once when they need not be). */
  guard: (then: () => void) => void;
  dialog: ReactNode;
};

/**
 * Runs a write (post, comment, message) once the member has accepted the rules: while `mustAcceptRules` it opens
 * the rules dialog first and goes on after Accept. The server checks the same (403 COMMUNITY_RULES_NOT_ACCEPTED).
 */
export function useRulesGate(community: Community): RulesGate {
  const [open, setOpen] = useState(false);
  // accepted here: the community's refetch that clears mustAcceptRules may still be on its way
  const [accepted, setAccepted] = useState(false);
  const pending = useRef<((ok: boolean) => void) | null>(null);
  const must = community.mustAcceptRules && !accepted;
  const ensure = useCallback((): Promise<boolean> => {
    if (!must) return Promise.resolve(true);
    pending.current?.(false);
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      pending.current = resolve;
    });
  }, [must]);
  const guard = useCallback(
    (then: () => void) => {
      void ensure().then((ok) => ok && then());
    },
    [ensure],
  );
  const settle = (ok: boolean) => {
    setOpen(false);
    if (ok) setAccepted(true);
    const resolve = pending.current;
    pending.current = null;
    resolve?.(ok);
  };
  const dialog = (
    <RulesDialog community={community} open={open} onClose={() => settle(false)} onAccepted={() => settle(true)} />
  );
  return { ensure, guard, dialog };
}
