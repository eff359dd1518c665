import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CandlestickChartOutlined from '@mui/icons-material/CandlestickChartOutlined';
import Diversity3Outlined from '@mui/icons-material/Diversity3Outlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import NewspaperOutlined from '@mui/icons-material/NewspaperOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StarBorderOutlined from '@mui/icons-material/StarBorderOutlined';
import { MessagesNavIcon } from '../../social/messenger/messages-nav-icon';

export type NavItem = { label: string; to: string; icon: typeof HomeOutlined; match: string };

/** The product's areas that work today; later issues add theirs here. */
export function navItems(options: { mailbox: boolean; staff?: boolean }): NavItem[] {
  const items: NavItem[] = [
    { label: 'Home', to: '/', icon: HomeOutlined, match: '/' },
    { label: 'Chart', to: '/chart', icon: CandlestickChartOutlined, match: '/chart' },
    { label: 'Positions', to: '/positions', icon: ListAltOutlined, match: '/positions' },
    { label: 'Metrics', to: '/metrics', icon: InsightsOutlined, match: '/metrics' },
    { label: 'Strategies', to: '/strategies', icon: MenuBookOutlined, match: '/strategies' },
    { label: 'Journal', to: '/journal', icon: AutoStoriesOutlined, match: '/journal' },
    { label: 'Watchlists', to: '/watchlists', icon: StarBorderOutlined, match: '/watchlists' },
    {
      label: 'Calendar',
      to: '/market-intelligence/calendar',
      icon: CalendarMonthOutlined,
      match: '/market-intelligence/calendar',
    },
    { label: 'News', to: '/market-intelligence/news', icon: NewspaperOutlined, match: '/market-intelligence/news' },
    { label: 'AI assistant', to: '/ai', icon: AutoAwesomeOutlined, match: '/ai' },
    { label: 'Messages', to: '/messages', icon: MessagesNavIcon as unknown as NavItem['icon'], match: '/messages' },
    { label: 'Community', to: '/community', icon: GroupsOutlined, match: '/community' },
    // matched as its own area: the Community feed above lights up on /community/... only, never on /communities
    { label: 'Communities', to: '/communities', icon: Diversity3Outlined, match: '/communities' },
    { label: 'Help center', to: '/help', icon: HelpOutlineOutlined, match: '/help' },
    { label: 'Settings', to: '/settings/my_account', icon: SettingsOutlined, match: '/settings' },
  ];
  // the staff console, for staff and admins (GET /staff/me)
  if (options.staff)
    items.push({ label: 'Staff console', to: '/staff', icon: AdminPanelSettingsOutlined, match: '/staff' });
  if (options.mailbox)
    items.push({ label: 'Dev mailbox', to: '/dev/mailbox', icon: MailOutlined, match: '/dev/mailbox' });
  return items;
}
