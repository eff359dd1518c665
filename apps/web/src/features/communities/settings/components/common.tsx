import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import type { ProfileSummary } from '@tradedesk/contracts';
import { densityMetrics } from '../../../../shared/density/density';

export { messageOf } from '../../../../shared/api/message-of';

/** Avatar, name and @username of a person in a table cell or a list. */
export function PersonCell(props: { person: ProfileSummary }) {
  const p = props.person;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Avatar src={p.avatarUrl ?? undefined} alt="" sx={{ width: 24, height: 24, fontSize: 12 }}>
        {p.displayName.charAt(0).toUpperCase()}
      </Avatar>
      <Box component="span" sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {p.displayName}
        </Box>{' '}
        <Box component="span" sx={{ color: 'text.secondary' }}>
          @{p.username}
        </Box>
      </Box>
    </Box>
  );
}

/** A role's colour as a small dot (its name is beside it, so the dot is decoration). */
export function ColorDot(props: { color: string; size?: number }) {
  const size = props.size ?? 10;
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: props.color,
        border: 1,
        borderColor: 'divider',
      }}
    />
  );
}

export function RoleChip(props: { role: { name: string; color: string } }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={props.role.name}
      icon={<ColorDot color={props.role.color} />}
      sx={{ mr: 0.5, '& .MuiChip-icon': { ml: 0.75 } }}
    />
  );
}

/** The numbered pages of a paged list, shown when there is more than one. */
export function Pager(props: {
  label: string;
  page: number;
  limit: number;
  total: number;
  onPage: (n: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(props.total / Math.max(1, props.limit)));
  if (pages <= 1) return null;
  return (
    <Pagination
      aria-label={`Pages of ${props.label.toLowerCase()}`}
      sx={{ mt: 1.5, display: 'flex', justifyContent: 'center' }}
      count={pages}
      page={Math.min(props.page, pages)}
      onChange={(_e, next) => props.onPage(next)}
      getItemAriaLabel={(type, n) => (type === 'page' ? `Page ${n}` : `${type === 'next' ? 'Next' : 'Previous'} page`)}
    />
  );
}

/** A section's heading inside a tab. */
export function SectionTitle(props: { children: string; id?: string }) {
  return (
    <Typography id={props.id} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
      {props.children}
    </Typography>
  );
}

/**
 * The height a DataTable needs for this many rows at the standard density (toolbar, header, rows), capped so a
 * long page scrolls; an empty table keeps room for its empty state.
 */
export function tableHeight(rows: number, max = 10): number {
  const m = densityMetrics.standard;
  const shown = rows === 0 ? 4 : Math.min(rows, max);
  return m.headerHeight + 6 + m.headerHeight + shown * m.rowHeight + 2;
}
