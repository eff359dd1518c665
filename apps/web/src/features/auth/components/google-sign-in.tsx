import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { hostUrl } from '../../../app/hosts';

/** "or Continue with Google": its own chunk, fetched only when the server has Google sign-in configured. */
export function GoogleSignIn(props: { next: string | null }) {
  const redirect = props.next?.startsWith('/') && !props.next.startsWith('//') ? props.next : null;
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return (
    <>
      <Divider sx={{ my: 2 }}>or</Divider>
      <Button variant="outlined" fullWidth size="large" href={`${hostUrl('main')}/customer/login/google${query}`}>
        Continue with Google
      </Button>
    </>
  );
}
