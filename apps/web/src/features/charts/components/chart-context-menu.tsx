import AddAlertOutlined from '@mui/icons-material/AddAlertOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type ChartDrawing, toolLabels } from '../drawings/model';

/** Drawings an alert can watch (the alerts contract: a trend line or a horizontal line). */
export const ALERTABLE_TOOLS: readonly ChartDrawing['tool'][] = ['trend_line', 'horizontal_line'];

export type ChartMenuTarget = {
  /** Where the menu opens, in viewport pixels. */
  x: number;
  y: number;
  /** The price under the pointer, written in the instrument's digits. */
  price: number;
  priceText: string;
  /** The alertable drawing under the pointer, if any. */
  drawing: ChartDrawing | null;
};

/** The chart's right-click menu: an alert at the price under the pointer, or on the drawing under it. */
export function ChartContextMenu(props: {
  target: ChartMenuTarget | null;
  onClose(): void;
  onAlertAtPrice(target: ChartMenuTarget): void;
  onAlertOnDrawing(target: ChartMenuTarget, drawing: ChartDrawing): void;
}) {
  const { target } = props;
  return (
    <Menu
      open={target !== null}
      onClose={props.onClose}
      anchorReference="anchorPosition"
      anchorPosition={target ? { top: target.y, left: target.x } : undefined}
      slotProps={{ list: { 'aria-label': 'Chart actions', dense: true } }}
    >
      {target && (
        <MenuItem onClick={() => props.onAlertAtPrice(target)}>
          <ListItemIcon>
            <AddAlertOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Add alert at {target.priceText}</ListItemText>
        </MenuItem>
      )}
      {target?.drawing && (
        <MenuItem onClick={() => props.onAlertOnDrawing(target, target.drawing!)}>
          <ListItemIcon>
            <AddAlertOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText secondary={toolLabels[target.drawing.tool]}>Add alert on this drawing</ListItemText>
        </MenuItem>
      )}
    </Menu>
  );
}
