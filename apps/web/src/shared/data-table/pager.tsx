import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** Previous and next page under a paged list or table, with "Page n of m"; hidden when everything fits on one page. */
export function Pager(props: {
  page: number;
  limit: number;
  total: number;
  /** A page is loading: both buttons wait. */
  busy?: boolean;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(props.total / Math.max(1, props.limit)));
  if (pages <= 1) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
      <Button size="small" disabled={props.page <= 1 || props.busy} onClick={() => props.onPage(props.page - 1)}>
        Previous page
      </Button>
      <Typography variant="body2">
        Page {props.page} of {pages}
      </Typography>
      <Button size="small" disabled={props.page >= pages || props.busy} onClick={() => props.onPage(props.page + 1)}>
        Next page
      </Button>
    </Box>
  );
}
