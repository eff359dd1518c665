import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { hostUrl } from '../../../app/hosts';

/** "or Continue with Google": its own chunk, fetched only when the server has Google sign-in configured. */
export function GoogleSignIn() {
  return (
    <>
      <Divider sx={{ my: 2 }}>or</Divider>
      <Button variant="outlined" fullWidth size="large" href={`${hostUrl('main')}/customer/login/google`}>
        Continue with Google
      </Button>
    </>
  );
}
