import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

export type ColumnMenuItem = { id: string; header: string; visible: boolean; hideable: boolean };

/**
 * "Columns": show or hide each column and move it earlier or later, all by keyboard too; "Reset columns"
 * brings back the table's defaults (order, widths, visibility, sort).
 */
export function ColumnMenu(props: {
  tableLabel: string;
  columns: readonly ColumnMenuItem[];
  onToggle: (id: string, visible: boolean) => void;
  onMove: (id: string, by: -1 | 1) => void;
  onReset: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  const visibleCount = props.columns.filter((c) => c.visible).length;
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnIcon fontSize="small" />}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Columns
      </Button>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { p: 1.5, minWidth: 260 } } }}
      >
        <Typography id={titleId} component="h2" variant="subtitle2" sx={{ mb: 0.5 }}>
          Columns of {props.tableLabel}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {props.columns.map((column, index) => (
            <Box component="li" key={column.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <FormControlLabel
                sx={{ flexGrow: 1, mr: 0 }}
                control={
                  <Checkbox
                    size="small"
                    checked={column.visible}
                    // The last visible column stays: a table without columns shows nothing to bring them back by.
                    disabled={!column.hideable || (column.visible && visibleCount === 1)}
                    onChange={(event) => props.onToggle(column.id, event.target.checked)}
                  />
                }
                label={column.header}
              />
              <IconButton
                size="small"
                aria-label={`Move ${column.header} left`}
                disabled={index === 0}
                onClick={() => props.onMove(column.id, -1)}
              >
                <ArrowBackIcon fontSize="inherit" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`Move ${column.header} right`}
                disabled={index === props.columns.length - 1}
                onClick={() => props.onMove(column.id, 1)}
              >
                <ArrowForwardIcon fontSize="inherit" />
              </IconButton>
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Button
            size="small"
            onClick={() => {
              props.onReset();
              setAnchor(null);
            }}
          >
            Reset columns
          </Button>
        </Box>
      </Popover>
    </>
  );
}
