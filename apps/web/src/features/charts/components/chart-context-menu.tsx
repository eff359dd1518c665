import AddAlertOutlined from '@mui/icons-material/AddAlertOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { toast } from '../../../shared/toast/toast';
import { type AlertPrefill, openAlertDialog } from '../../alerts/alert-dialog-store';
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

/** What the chart pane knows when its menu opens the alert dialog. */
export type ChartAlertContext = {
  symbol: string;
  /** The pane's timeframe: the alert's interval. */
  timeframe: string;
  digits: number;
  /** The drawing's id on the server, saving it first if it is not saved yet; null when it cannot be saved. */
  saveDrawing(drawingId: string): Promise<string | null>;
};

/** A crossing alert at the price under the pointer, on the pane's symbol and timeframe. */
export function priceAlertPrefill(target: ChartMenuTarget, chart: ChartAlertContext): AlertPrefill {
  return { kind: 'price', symbol: chart.symbol, price: target.price, digits: chart.digits, timeframe: chart.timeframe };
}

/** An alert on a drawing, by its server id (the alerts contract's drawing_id), on the pane's timeframe. */
export function drawingAlertPrefill(drawing: ChartDrawing, serverId: string, chart: ChartAlertContext): AlertPrefill {
  return {
    kind: 'drawing',
    symbol: chart.symbol,
    drawingId: serverId,
    drawingLabel: toolLabels[drawing.tool],
    timeframe: chart.timeframe,
  };
}

/** The chart pane's right-click menu, opening the alert dialog prefilled from the pane. */
export function ChartAlertMenu(props: { target: ChartMenuTarget | null; onClose(): void; chart: ChartAlertContext }) {
  return (
    <ChartContextMenu
      target={props.target}
      onClose={props.onClose}
      onAlertAtPrice={(t) => {
        props.onClose();
        openAlertDialog(priceAlertPrefill(t, props.chart));
      }}
      onAlertOnDrawing={(_t, d) => {
        props.onClose();
        // a drawing just made may not be saved yet: an alert needs it on the server, so it is saved first
        void props.chart.saveDrawing(d.id).then((serverId) => {
          if (serverId) openAlertDialog(drawingAlertPrefill(d, serverId, props.chart));
          // the pane says why (drawings not loaded, or the save's error)
          else toast.error('The drawing could not be saved, so no alert can be set on it yet.');
        });
      }}
    />
  );
}
