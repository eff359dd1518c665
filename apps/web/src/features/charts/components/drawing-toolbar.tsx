import BrushIcon from '@mui/icons-material/Brush';
import CallMadeIcon from '@mui/icons-material/CallMade';
import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import CropSquareIcon from '@mui/icons-material/CropSquare';
import DateRangeIcon from '@mui/icons-material/DateRange';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import EastIcon from '@mui/icons-material/East';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import HeightIcon from '@mui/icons-material/Height';
import HorizontalRuleIcon from '@mui/icons-material/HorizontalRule';
import LinearScaleIcon from '@mui/icons-material/LinearScale';
import LoopIcon from '@mui/icons-material/Loop';
import NearMeIcon from '@mui/icons-material/NearMe';
import NorthEastIcon from '@mui/icons-material/NorthEast';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import RedoIcon from '@mui/icons-material/Redo';
import StraightIcon from '@mui/icons-material/Straight';
import TextFieldsIcon from '@mui/icons-material/TextFields';
import TimelineIcon from '@mui/icons-material/Timeline';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import UndoIcon from '@mui/icons-material/Undo';
import ViewStreamIcon from '@mui/icons-material/ViewStream';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import type { ComponentType, ReactNode } from 'react';
import { type DrawingTool, toolLabels } from '../drawings/model';

const toolIcons: Record<DrawingTool, ComponentType<SvgIconProps>> = {
  trend_line: TimelineIcon,
  ray: NorthEastIcon,
  extended_line: LinearScaleIcon,
  horizontal_line: HorizontalRuleIcon,
  horizontal_ray: EastIcon,
  vertical_line: StraightIcon,
  parallel_channel: ViewStreamIcon,
  rectangle: CropSquareIcon,
  ellipse: RadioButtonUncheckedIcon,
  fib_retracement: FormatListNumberedIcon,
  fib_extension: FormatListNumberedIcon,
  price_range: HeightIcon,
  date_range: DateRangeIcon,
  text: TextFieldsIcon,
  callout: ChatOutlinedIcon,
  arrow: CallMadeIcon,
  brush: BrushIcon,
  long_position: TrendingUpIcon,
  short_position: TrendingDownIcon,
};

/** The toolbar's tools, in groups as TradingView orders them. */
const groups: DrawingTool[][] = [
  ['trend_line', 'ray', 'extended_line', 'horizontal_line', 'horizontal_ray', 'vertical_line', 'parallel_channel'],
  ['fib_retracement', 'fib_extension'],
  ['rectangle', 'ellipse', 'brush', 'arrow'],
  ['text', 'callout'],
  ['long_position', 'short_position', 'price_range', 'date_range'],
];

export type DrawingToolbarProps = {
  tool: DrawingTool | null;
  onTool(tool: DrawingTool | null): void;
  magnet: boolean;
  onMagnet(on: boolean): void;
  stayInDrawing: boolean;
  onStayInDrawing(on: boolean): void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo(): void;
  onRedo(): void;
  /** Drawings hidden from the chart (a hidden drawing cannot be clicked, so it is shown again from here). */
  hiddenCount: number;
  onShowHidden(): void;
  drawingCount: number;
  onRemoveAll(): void;
  /** The drawings list's button. */
  list?: ReactNode;
};

function ToolButton(props: {
  label: string;
  selected: boolean;
  onClick(): void;
  icon: ComponentType<SvgIconProps>;
  disabled?: boolean;
  pressed?: boolean;
}) {
  const Icon = props.icon;
  return (
    <Tooltip title={props.label} placement="right">
      <span>
        <ToggleButton
          value={props.label}
          size="small"
          aria-label={props.label}
          selected={props.selected}
          disabled={props.disabled}
          onChange={props.onClick}
          sx={{ border: 0, borderRadius: 1, p: 0.75 }}
        >
          <Icon fontSize="small" />
        </ToggleButton>
      </span>
    </Tooltip>
  );
}

/** The drawing tools down the chart's left side, with the magnet, stay-in-drawing mode, undo and redo. */
export function DrawingToolbar(props: DrawingToolbarProps) {
  return (
    <Box
      role="toolbar"
      aria-label="Drawing tools"
      aria-orientation="vertical"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 0.25,
        py: 0.5,
        px: 0.25,
        borderRight: 1,
        borderColor: 'divider',
        // Where the chart is not tall enough for every tool, they flow into a second column rather than hiding
        // Undo and Redo below the fold; a phone keeps one column that scrolls, to leave the chart its width.
        flexWrap: { xs: 'nowrap', sm: 'wrap' },
        overflowY: { xs: 'auto', sm: 'visible' },
        alignContent: 'flex-start',
        columnGap: 0.25,
        minHeight: 0,
        maxHeight: '100%',
      }}
    >
      <ToolButton label="Cursor" icon={NearMeIcon} selected={props.tool === null} onClick={() => props.onTool(null)} />
      {groups.map((group) => (
        <Box key={group[0]} sx={{ display: 'contents' }}>
          <Divider flexItem sx={{ my: 0.25 }} />
          {group.map((tool) => (
            <ToolButton
              key={tool}
              label={toolLabels[tool]}
              icon={toolIcons[tool]}
              selected={props.tool === tool}
              onClick={() => props.onTool(props.tool === tool ? null : tool)}
            />
          ))}
        </Box>
      ))}
      <Divider flexItem sx={{ my: 0.25 }} />
      <ToolButton
        label="Magnet"
        icon={CenterFocusStrongIcon}
        selected={props.magnet}
        onClick={() => props.onMagnet(!props.magnet)}
      />
      <ToolButton
        label="Stay in drawing mode"
        icon={LoopIcon}
        selected={props.stayInDrawing}
        onClick={() => props.onStayInDrawing(!props.stayInDrawing)}
      />
      <Divider flexItem sx={{ my: 0.25 }} />
      <ToolButton label="Undo" icon={UndoIcon} selected={false} disabled={!props.canUndo} onClick={props.onUndo} />
      <ToolButton label="Redo" icon={RedoIcon} selected={false} disabled={!props.canRedo} onClick={props.onRedo} />
      {props.list}
      <ToolButton
        label={`Show hidden drawings (${props.hiddenCount})`}
        icon={VisibilityIcon}
        selected={false}
        disabled={props.hiddenCount === 0}
        onClick={props.onShowHidden}
      />
      <ToolButton
        label={`Remove all drawings (${props.drawingCount})`}
        icon={DeleteSweepOutlinedIcon}
        selected={false}
        disabled={props.drawingCount === 0}
        onClick={props.onRemoveAll}
      />
    </Box>
  );
}
