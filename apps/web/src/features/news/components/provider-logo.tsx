import Avatar from '@mui/material/Avatar';
import type { NewsItem } from '@tradedesk/contracts';

/** A path on this origin: `/…`, not a protocol-relative `//host` (nor `/\host`, which browsers read the same way). */
const sameOrigin = (url: string) => /^\/(?![/\\])/.test(url);

/**
 * The provider's logo as the server serves it from this origin (`/api/market/news/providers/{id}/logo`; the page's
 * security policy loads images from here only), else, and when the image fails to load, its initial. Decorative
 * (empty alt text, hidden from screen readers): the provider's name is always written beside it.
 */
export function ProviderLogo(props: { item: Pick<NewsItem, 'logos' | 'provider'>; size?: number }) {
  const size = props.size ?? 20;
  const local = props.item.logos.find(sameOrigin);
  return (
    <Avatar
      aria-hidden
      alt=""
      src={local}
      data-testid="provider-logo"
      sx={{ width: size, height: size, fontSize: size * 0.55, bgcolor: 'action.selected', color: 'text.primary' }}
    >
      {props.item.provider.name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
