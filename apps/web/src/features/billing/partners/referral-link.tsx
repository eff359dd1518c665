import { useEffect } from 'react';
import { useParams } from 'react-router';
import { hostUrl } from '../../../app/hosts';

/** Leaves the app for the API's click route (a full page load: its cookie and redirect need one); tests replace it. */
export const referralNavigation = {
  go(url: string): void {
    window.location.replace(url);
  },
};

/**
 * `/r/{code}`: the short referral link a partner shares (the partner panel shows it). It hands the visit to
 * `GET /api/affiliates/click/{code}`, which counts the click, keeps the code in the `referral_code` cookie for the
 * attribution window and sends the visitor on to sign-up, where the cookie is read. Not lazy: a few lines, and the
 * visitor leaves at once.
 */
export function ReferralLink() {
  const { code = '' } = useParams();
  useEffect(() => {
    referralNavigation.go(`${hostUrl('main')}/affiliates/click/${encodeURIComponent(code)}`);
  }, [code]);
  return (
    <p role="status" style={{ fontFamily: 'sans-serif', padding: 24 }}>
      Taking you to sign-up…
    </p>
  );
}
