import Avatar from '@mui/material/Avatar';
import type { NewsItem } from '@tradedesk/contracts';

/**
 * The provider's logo when it is served by this app (the page's security policy loads images from here only),
 * else its initial. Decorative: the provider's name is always written beside it.
 */
export function ProviderLogo(props: { item: Pick<NewsItem, 'logos' | 'provider'>; size?: number }) {
  const size = props.size ?? 20;
  const local = props.item.logos.find((l) => l.startsWith('/'));
  return (
    <Avatar
      aria-hidden
      alt=""
      src={local}
      sx={{ width: size, height: size, fontSize: size * 0.55, bgcolor: 'action.selected', color: 'text.primary' }}
    >
      {props.item.provider.name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
