import { useNavigate } from 'react-router';

/** The path, query and hash of a URL on the app's own origin (the server checked the origin). */
export function inAppPath(url: string): string {
  const target = new URL(url, window.location.origin);
  return `${target.pathname}${target.search}${target.hash}`;
}

/** Goes to where a payment session or action sends the browser: in the app by the router, elsewhere by a page load. */
export function useGoToPaymentPage(): (url: string) => void {
  const navigate = useNavigate();
  return (url) => {
    const target = new URL(url, window.location.origin);
    if (target.origin === window.location.origin) navigate(inAppPath(url));
    else window.location.assign(target.toString());
  };
}
