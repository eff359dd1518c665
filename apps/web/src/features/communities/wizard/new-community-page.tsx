import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { BlockerFunction } from 'react-router';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useBlocker } from '../../../app/navigation-blocker';
import { fieldErrorsOf, isApiError } from '../../../shared/api/api-error';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { toast } from '../../../shared/toast/toast';
import { ConfirmDialog } from '../../settings/components/confirm-dialog';
import { ExistingCommunityStep, PlatformsStep, type StepProps, TypeStep, VisibilityStep } from './choice-steps';
import { IdentityStep } from './identity-step';
import { ReviewStep } from './review-step';
import { useHandleCheck } from './use-handle-check';
import { type CommunityImageKind, useCreateCommunityMutation, useUploadCommunityImageMutation } from './wizard-api';
import {
  createBodyOf,
  EMPTY_WIZARD,
  fieldErrors,
  isDirty,
  STEP_FIELDS,
  STEP_LABELS,
  stepErrors,
  stepOfField,
  WIZARD_STEPS,
  type WizardField,
  type WizardState,
  type WizardStep,
} from './wizard-model';

const STEP_TITLES: Record<WizardStep, string> = {
  community_type: 'What are you creating?',
  existing_community: 'Do you already have a community?',
  platforms: 'Where does it meet today?',
  visibility: 'Who can see it?',
  identity: 'Give it a name and a face',
  review: 'Review and create',
};

type Errors = Partial<Record<WizardField, string>>;

/** Asks before leaving the wizard (a link, back, closing the tab) while something is entered. */
function useLeaveGuard(dirty: boolean, leaving: RefObject<boolean>) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
    [dirty, leaving],
  );
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return blocker;
}

/**
 * /communities/new: the creation wizard (spec sections 2 and 3 "Community creation data"), step by step from
 * community_type. Visited steps can be revisited from the stepper; nothing is created before the last step, whose
 * Create sends POST /community, then uploads the image and banner, then opens the community's page.
 */
export function NewCommunityPage() {
  const navigate = useNavigate();
  const headingId = useId();
  const [state, setState] = useState<WizardState>(EMPTY_WIZARD);
  const [index, setIndex] = useState(0);
  const [reached, setReached] = useState(0);
  const [shown, setShown] = useState<Set<WizardStep>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [busy, setBusy] = useState(false);
  const leaving = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [create] = useCreateCommunityMutation();
  const [upload] = useUploadCommunityImageMutation();
  const handleCheck = useHandleCheck(state.handle);
  const dirty = isDirty(state);
  const blocker = useLeaveGuard(dirty, leaving);
  const step = WIZARD_STEPS[index] ?? 'community_type';

  // Each step's heading takes the focus, so a screen reader hears where it is (not on the first render).
  const focusedIndex = useRef(0);
  useEffect(() => {
    if (focusedIndex.current === index) return;
    focusedIndex.current = index;
    headingRef.current?.focus();
  });

  const update = (patch: Partial<WizardState>) => {
    setState((s) => ({ ...s, ...patch }));
    setFormError(null);
    const fields = Object.keys(patch).map((k) =>
      k === 'existingCommunityUrl' ? 'existing_community_url' : k === 'communitySize' ? 'community_size' : k,
    );
    setServerErrors((e) => {
      const next = { ...e };
      for (const f of fields) delete next[f as WizardField];
      return next;
    });
  };

  const errorsOf = (at: WizardStep): Errors => {
    const own = shown.has(at) ? stepErrors(state, at) : {};
    const server: Errors = {};
    for (const f of STEP_FIELDS[at]) if (serverErrors[f]) server[f] = serverErrors[f];
    return { ...own, ...server };
  };

  const goTo = (i: number) => {
    setIndex(i);
    setReached((r) => Math.max(r, i));
  };

  /** The step is complete: its fields are valid and the handle is not known to be taken. */
  const stepOk = (at: WizardStep) =>
    Object.keys(stepErrors(state, at)).length === 0 &&
    !(at === 'identity' && (handleCheck.state === 'taken' || handleCheck.state === 'invalid'));

  const next = () => {
    setShown((s) => new Set(s).add(step));
    if (!stepOk(step)) return;
    goTo(index + 1);
  };

  const reset = () => {
    setState(EMPTY_WIZARD);
    setIndex(0);
    setReached(0);
    setShown(new Set());
    setServerErrors({});
    setFormError(null);
    setConfirmReset(false);
  };

  const uploadAll = async (id: string): Promise<string[]> => {
    const failed: string[] = [];
    const files: [CommunityImageKind, File | null][] = [
      ['image', state.image],
      ['banner', state.banner],
    ];
    for (const [kind, file] of files) {
      if (!file) continue;
      const r = await upload({ id, kind, file });
      if ('error' in r) failed.push(kind);
    }
    return failed;
  };

  const submit = async () => {
    setFormError(null);
    const all = fieldErrors(state);
    const firstBad = WIZARD_STEPS.findIndex((s) => STEP_FIELDS[s].some((f) => all[f]));
    const body = createBodyOf(state);
    if (firstBad !== -1 || !body) {
      setShown(new Set(WIZARD_STEPS));
      goTo(firstBad === -1 ? 0 : firstBad);
      return;
    }
    setBusy(true);
    try {
      const r = await create(body);
      if ('error' in r) {
        const fields = isApiError(r.error) ? fieldErrorsOf(r.error) : {};
        const onSteps = Object.keys(fields)
          .map(stepOfField)
          .filter((s): s is WizardStep => s !== null);
        if (onSteps.length) {
          setServerErrors(fields as Errors);
          goTo(Math.min(...onSteps.map((s) => WIZARD_STEPS.indexOf(s))));
        } else
          setFormError(
            isApiError(r.error) && r.error.message
              ? r.error.message
              : 'The community was not created. Please try again.',
          );
        return;
      }
      const created = r.data;
      const failed = await uploadAll(created.id);
      if (failed.length)
        toast.warning(
          `${created.name} was created, but its ${failed.join(' and ')} could not be uploaded. Add ${failed.length > 1 ? 'them' : 'it'} in the community settings.`,
        );
      else toast.success(`${created.name} was created.`);
      leaving.current = true;
      navigate(`/communities/${encodeURIComponent(created.handle || body.handle)}`);
    } finally {
      setBusy(false);
    }
  };

  const stepProps: StepProps = { state, update, errors: errorsOf(step) };

  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 880, mx: 'auto', display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h5" sx={{ flex: 1 }}>
          Create a community
        </Typography>
        <Button onClick={() => setConfirmReset(true)} disabled={!dirty || busy}>
          Reset all
        </Button>
        <Button component={RouterLink} to="/communities">
          Cancel
        </Button>
      </Box>
      <Stepper nonLinear activeStep={index} alternativeLabel aria-label="Steps" sx={{ overflowX: 'auto', pb: 1 }}>
        {WIZARD_STEPS.map((s, i) => (
          <Step key={s} completed={i < reached && stepOk(s)} disabled={i > reached || busy}>
            <StepButton onClick={() => goTo(i)}>{STEP_LABELS[s]}</StepButton>
          </Step>
        ))}
      </Stepper>
      <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 } }}>
        <Typography
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          component="h2"
          variant="h6"
          sx={{ mb: 2, outline: 'none' }}
        >
          {STEP_TITLES[step]}
        </Typography>
        {step === 'community_type' && <TypeStep {...stepProps} />}
        {step === 'existing_community' && <ExistingCommunityStep {...stepProps} />}
        {step === 'platforms' && <PlatformsStep {...stepProps} />}
        {step === 'visibility' && <VisibilityStep {...stepProps} />}
        {step === 'identity' && <IdentityStep {...stepProps} handleCheck={handleCheck} />}
        {step === 'review' && <ReviewStep state={state} onEdit={(s) => goTo(WIZARD_STEPS.indexOf(s))} />}
        {formError && (
          <InlineAlert severity="error" sx={{ mt: 2 }}>
            {formError}
          </InlineAlert>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 3, gap: 1 }}>
          <Button onClick={() => goTo(index - 1)} disabled={index === 0 || busy}>
            Back
          </Button>
          {step === 'review' ? (
            <Button variant="contained" onClick={() => void submit()} disabled={busy}>
              {busy ? 'Creating…' : 'Create the community'}
            </Button>
          ) : (
            <Button variant="contained" onClick={next}>
              Next
            </Button>
          )}
        </Box>
      </Paper>
      <ConfirmDialog
        open={confirmReset}
        title="Reset the wizard?"
        confirmLabel="Reset all"
        onConfirm={reset}
        onClose={() => setConfirmReset(false)}
      >
        Everything you entered is cleared and the wizard starts again at its first step.
      </ConfirmDialog>
      <Dialog
        open={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        aria-labelledby="community-wizard-leave-title"
        aria-describedby="community-wizard-leave-text"
      >
        <DialogTitle id="community-wizard-leave-title">Leave without creating the community?</DialogTitle>
        <DialogContent>
          <DialogContentText id="community-wizard-leave-text">
            Nothing is created until the last step. If you leave now, what you entered is discarded.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => blocker.reset?.()} variant="contained" autoFocus>
            Stay
          </Button>
          <Button onClick={() => blocker.proceed?.()} color="error">
            Discard and leave
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

export { NewCommunityPage as Component };
