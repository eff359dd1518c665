import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { fieldErrorsOf, isApiError } from '../../../shared/api/api-error';
import { formMessage } from '../../../shared/forms/server-errors';
import { toast } from '../../../shared/toast/toast';
import { FormDialog } from '../posts/form-dialog';
import { useSendFeedbackMutation } from '../posts/posts-api';
import { contextOf } from './bug-context';

/** "Send feedback": a few words and an optional rating, from any page (POST /v1/feedback). */
export function FeedbackDialog(props: { open: boolean; onClose: () => void }) {
  const location = useLocation();
  const [send, { isLoading }] = useSendFeedbackMutation();
  const [message, setMessage] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  const close = () => {
    setMessage('');
    setRating(null);
    setError(null);
    setAlert(null);
    props.onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!message.trim()) {
      setError('Feedback is required.');
      return;
    }
    const result = await send({
      message: message.trim(),
      ...(rating ? { rating } : {}),
      ...contextOf(`${location.pathname}${location.search}`),
    });
    if ('error' in result) {
      const field = isApiError(result.error) ? fieldErrorsOf(result.error).message : undefined;
      if (field) setError(field);
      else setAlert(isApiError(result.error) ? formMessage(result.error) : 'Something went wrong. Please try again.');
      return;
    }
    toast.success('Thank you for your feedback.');
    close();
  };

  return (
    <FormDialog
      open={props.open}
      title="Send feedback"
      intro="What do you like, and what would make TradeDesk better?"
      busy={isLoading}
      submitLabel="Send feedback"
      busyLabel="Sending…"
      alert={alert}
      maxWidth="xs"
      onClose={close}
      onSubmit={submit}
    >
      <TextField
        label="Your feedback"
        required
        fullWidth
        multiline
        minRows={3}
        margin="dense"
        autoFocus
        value={message}
        onChange={(e) => {
          setMessage(e.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error ?? undefined}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
      <FormControl component="fieldset" sx={{ mt: 1 }}>
        <FormLabel component="legend">How is TradeDesk working for you? (optional)</FormLabel>
        <Rating name="feedback-rating" value={rating} onChange={(_e, value) => setRating(value)} />
      </FormControl>
    </FormDialog>
  );
}
