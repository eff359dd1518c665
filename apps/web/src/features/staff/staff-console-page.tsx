import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { StaffMe } from '@tradedesk/contracts';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { useStaffMeQuery } from './staff-api';
import { staffPath } from './staff-paths';
import { type StaffSection, staffSections } from './staff-sections';

/** The sections this person may open: every section for admins, all but the admin-only ones for staff. */
export function visibleSections(me: StaffMe, sections: readonly StaffSection[] = staffSections): StaffSection[] {
  if (!me.isStaff) return [];
  return sections.filter((s) => !s.adminOnly || me.isAdmin);
}

function SectionNav(props: { sections: StaffSection[]; current: string; variant: 'list' | 'select' }) {
  const navigate = useNavigate();
  if (props.variant === 'select') {
    return (
      <TextField
        select
        fullWidth
        label="Staff section"
        value={props.current}
        onChange={(event) => navigate(staffPath(event.target.value))}
        slotProps={{ select: { native: true } }}
        sx={{ mb: 2 }}
      >
        {props.sections.map((s) => (
          <option key={s.id} value={s.id}>
            {s.label}
          </option>
        ))}
      </TextField>
    );
  }
  return (
    <nav aria-label="Staff sections">
      <List disablePadding>
        {props.sections.map((s) => {
          const active = s.id === props.current;
          return (
            <ListItem key={s.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={staffPath(s.id)}
                selected={active}
                aria-current={active ? 'page' : undefined}
                sx={{ borderRadius: 1, mb: 0.5 }}
              >
                <ListItemText primary={s.label} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </nav>
  );
}

/**
 * The staff console (route /staff/:section?/:id?): the sections of staff-sections.ts the caller may open, listed
 * beside the open one (a select above it on narrow screens); the first is the default. Everyone else is told the
 * page is for staff (the server refuses their calls anyway).
 */
export function StaffConsolePage() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const params = useParams<{ section?: string; id?: string }>();
  const { data: me, isLoading, isError, isFetching, refetch } = useStaffMeQuery();

  let content: React.ReactNode;
  if (isLoading) content = <LoadingState label="Loading the staff console" />;
  else if (isError || !me)
    content = (
      <ErrorState title="The staff console could not be loaded." onRetry={() => void refetch()} retrying={isFetching} />
    );
  else {
    const sections = visibleSections(me);
    if (sections.length === 0) {
      content = me.isStaff ? (
        <EmptyState title="No staff sections yet." description="The console has nothing for your role yet." />
      ) : (
        <EmptyState
          title="This page is for staff"
          description="The staff console is for TradeDesk’s support team. If you need help, open the Help center."
        />
      );
    } else {
      const section = sections.find((s) => s.id === params.section);
      if (!section) return <Navigate to={staffPath(sections[0]!.id)} replace />;
      const Section = section.Component;
      content = (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '220px minmax(0, 1fr)' }, gap: 3 }}>
          <SectionNav sections={sections} current={section.id} variant={wide ? 'list' : 'select'} />
          <Box component="section" aria-label={section.label} sx={{ minWidth: 0 }}>
            <Section key={section.id} {...(params.id ? { itemId: params.id } : {})} />
          </Box>
        </Box>
      );
    }
  }

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1400, mx: 'auto' }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        Staff console
      </Typography>
      {content}
    </Box>
  );
}
export { StaffConsolePage as Component };
