import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type ChartDrawing, toolLabels } from '../drawings/model';

export type DrawingsListProps = {
  drawings: readonly ChartDrawing[];
  selectedId: string | null;
  onSelect(id: string): void;
  onChange(next: ChartDrawing): void;
  onDelete(id: string): void;
};

/**
 * Every drawing of the chart as a list (TradingView's object tree): select one, show or hide it, lock or
 * unlock it, delete it. It also makes the drawings on the canvas reachable from the keyboard.
 */
export function DrawingsList(props: DrawingsListProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="Drawings list" placement="right">
        <ToggleButton
          value="list"
          size="small"
          aria-label={`Drawings list (${props.drawings.length})`}
          aria-haspopup="dialog"
          selected={anchor !== null}
          onChange={(e) => setAnchor(e.currentTarget)}
          sx={{ border: 0, borderRadius: 1, p: 0.75 }}
        >
          <ListAltIcon fontSize="small" />
        </ToggleButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Drawings' } as never }}
      >
        <Box sx={{ width: 300, maxHeight: 420, overflowY: 'auto' }}>
          {props.drawings.length === 0 ? (
            <Typography sx={{ p: 2, color: 'text.secondary' }}>No drawings on this chart.</Typography>
          ) : (
            <List dense aria-label="Drawings">
              {props.drawings.map((d, i) => {
                const name = `${toolLabels[d.tool]} ${i + 1}`;
                return (
                  <ListItem
                    key={d.id}
                    disablePadding
                    secondaryAction={
                      <Box sx={{ display: 'flex' }}>
                        <IconButton
                          size="small"
                          aria-label={`${d.hidden ? 'Show' : 'Hide'} ${name}`}
                          onClick={() => props.onChange({ ...d, hidden: !d.hidden })}
                        >
                          {d.hidden ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
                        </IconButton>
                        <IconButton
                          size="small"
                          aria-label={`${d.locked ? 'Unlock' : 'Lock'} ${name}`}
                          onClick={() => props.onChange({ ...d, locked: !d.locked })}
                        >
                          {d.locked ? <LockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}
                        </IconButton>
                        <IconButton size="small" aria-label={`Delete ${name}`} onClick={() => props.onDelete(d.id)}>
                          <DeleteOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Box>
                    }
                  >
                    <ListItemButton
                      selected={d.id === props.selectedId}
                      onClick={() => {
                        props.onSelect(d.id);
                        setAnchor(null);
                      }}
                      sx={{ pr: 14 }}
                    >
                      <ListItemText primary={name} secondary={d.text} sx={{ opacity: d.hidden ? 0.5 : 1 }} />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          )}
        </Box>
      </Popover>
    </>
  );
}
