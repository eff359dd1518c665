import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useFilePreview } from '../../../shared/forms/use-file-preview';
import { toast } from '../../../shared/toast/toast';
import { FormDialog } from '../posts/form-dialog';
import { TitleDescriptionFields } from '../posts/post-parts';
import { useReportBugMutation } from '../posts/posts-api';
import { useTitleDescriptionForm } from '../posts/title-description-form';
import { contextOf, SCREENSHOT_TYPES, screenshotProblem } from './bug-context';
import { capturePage } from './capture-page';

/**
 * "Report a bug": a title and a description, with what the app attaches on its own shown to the user (the page,
 * the app's version, the browser) and an optional screenshot (PNG, JPEG or WebP up to 5 MB): a file the user picks,
 * or a picture of the page behind the dialog taken with "Capture this page". `via` says where it goes: the in-app
 * report (POST /v1/bug) or the help center's form (POST /helpcenter/bugs/create).
 */
export function ReportBugDialog(props: { open: boolean; onClose: () => void; via: 'app' | 'helpcenter' }) {
  const location = useLocation();
  const navigate = useNavigate();
  // the page the user is on (the dialog is modal: it stays while the dialog is open)
  const context = contextOf(`${location.pathname}${location.search}`);
  const [report] = useReportBugMutation();
  const { form, formAlert, close: closeForm, refused } = useTitleDescriptionForm(props.onClose);
  const { isSubmitting } = form.formState;
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [capturing, setCapturing] = useState(false);
  const preview = useFilePreview(screenshot);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();

  const capture = async () => {
    setCapturing(true);
    try {
      const file = await capturePage(location.pathname);
      setScreenshot(file);
      setFileError(null);
      if (fileInput.current) fileInput.current.value = '';
    } catch {
      setFileError('The page could not be captured. Attach a screenshot file instead.');
    } finally {
      setCapturing(false);
    }
  };

  const close = () => {
    setScreenshot(null);
    setFileError(null);
    closeForm();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (fileError) return;
    formAlert.clear();
    const result = await report({ via: props.via, draft: { ...values, ...context, screenshot } });
    if ('data' in result && result.data) {
      const id = result.data.id;
      toast.success('Thank you: your bug report was sent.', {
        action: { label: 'View report', onClick: () => navigate(`/help/bugs_report/${id}`) },
      });
      close();
    } else refused(result.error);
  });

  return (
    <FormDialog
      open={props.open}
      title="Report a bug"
      intro="Tell us what went wrong and how to make it happen again. Only you and our staff see the details below."
      busy={isSubmitting}
      submitLabel="Send report"
      busyLabel="Sending…"
      alert={formAlert.alert}
      maxWidth="sm"
      onClose={close}
      onSubmit={onSubmit}
    >
      <TitleDescriptionFields
        form={form}
        descriptionLabel="What happened"
        hint={'What you did, what you expected, and what happened instead.'}
      />
      <Box sx={{ mt: 1.5 }}>
        <Button variant="outlined" size="small" component="label" htmlFor={fileId}>
          {screenshot ? 'Replace screenshot' : 'Attach a screenshot'}
        </Button>
        <Button variant="outlined" size="small" sx={{ ml: 1 }} disabled={capturing} onClick={capture}>
          {capturing ? 'Capturing…' : 'Capture this page'}
        </Button>
        <input
          id={fileId}
          ref={fileInput}
          type="file"
          accept={SCREENSHOT_TYPES.join(',')}
          aria-label="Screenshot (PNG, JPEG or WebP, up to 5 MB)"
          aria-describedby={`${fileId}-help`}
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            setFileError(file ? screenshotProblem(file) : null);
            setScreenshot(file);
          }}
        />
        {screenshot && (
          <Button
            size="small"
            sx={{ ml: 1 }}
            onClick={() => {
              setScreenshot(null);
              setFileError(null);
              if (fileInput.current) fileInput.current.value = '';
            }}
          >
            Remove
          </Button>
        )}
        <FormHelperText id={`${fileId}-help`} error={Boolean(fileError)}>
          {fileError ??
            (screenshot
              ? screenshot.name
              : 'Optional: a picture of the page you are on, or a PNG, JPEG or WebP file up to 5 MB.')}
        </FormHelperText>
        {preview && !fileError && (
          <Box
            component="img"
            src={preview}
            alt="Screenshot to be sent"
            sx={{
              display: 'block',
              mt: 1,
              maxWidth: '100%',
              maxHeight: 160,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          />
        )}
      </Box>
      <Box component="dl" aria-label="Sent with your report" sx={{ mt: 2, mb: 0, display: 'grid', gap: 0.25 }}>
        <Typography variant="subtitle2" component="p">
          Sent with your report
        </Typography>
        {(
          [
            ['Page', context.page],
            ['App version', context.appVersion],
            ['Browser', context.browser],
          ] as const
        ).map(([label, value]) => (
          <Box key={label} sx={{ display: 'flex', gap: 1, fontSize: 13, color: 'text.secondary' }}>
            <Box component="dt" sx={{ fontWeight: 600, minWidth: 96 }}>
              {label}
            </Box>
            <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      {props.via === 'app' && (
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          See known bugs in the{' '}
          <Link component={RouterLink} to="/help/bugs_report" onClick={close}>
            help center
          </Link>
          .
        </Typography>
      )}
    </FormDialog>
  );
}
