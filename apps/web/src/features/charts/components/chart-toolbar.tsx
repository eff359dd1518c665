import ShowChartIcon from '@mui/icons-material/ShowChart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { TIMEFRAMES, type Timeframe, timeframeShortLabels } from '../model/timeframes';
import { type ChartType, chartTypeLabels, chartTypes } from './chart-engine';

export type ChartToolbarProps = {
  symbol: string;
  description: string;
  onSearchSymbol(): void;
  /** Opens the indicators dialog (also Alt+I). */
  onIndicators(): void;
  timeframe: Timeframe;
  onTimeframe(tf: Timeframe): void;
  type: ChartType;
  onType(type: ChartType): void;
  simulated: boolean;
  /** "Market closed · opens …" when the instrument's market is closed, else null. */
  closedText: string | null;
  /** The saved-charts menu (save, open, rename, delete), next to the symbol. */
  chartsMenu?: ReactNode;
  /** More of the chart's tools (templates, settings, snapshot, share), after the indicators. */
  actions?: ReactNode;
};

/** The charts bar: symbol, timeframe switcher, chart type and the chart's state (simulated, market closed). */
export function ChartToolbar(props: ChartToolbarProps) {
  return (
    <Box
      role="toolbar"
      aria-label="Chart"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 1,
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        flexWrap: 'wrap',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Typography component="h1" sx={{ fontWeight: 700, fontSize: 16 }}>
          <Button
            onClick={props.onSearchSymbol}
            aria-label={`Symbol ${props.symbol}: search symbols`}
            color="inherit"
            sx={{ fontWeight: 700, fontSize: 16, px: 0.75, minWidth: 0 }}
          >
            {props.symbol}
          </Button>
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: { xs: 'none', md: 'inline' } }}>
          {props.description}
        </Typography>
      </Box>
      {props.chartsMenu}
      <ToggleButtonGroup
        size="small"
        exclusive
        aria-label="Timeframe"
        value={props.timeframe}
        onChange={(_e, value: Timeframe | null) => value && props.onTimeframe(value)}
      >
        {TIMEFRAMES.map((t) => (
          <Tooltip key={t.id} title={t.label}>
            <ToggleButton
              value={t.id}
              aria-label={t.label}
              // text.secondary: MUI's default grey reads 4.49:1 on the light background, short of 4.5.
              sx={{ px: 1, py: 0.25, fontSize: 12, color: 'text.secondary' }}
            >
              {timeframeShortLabels[t.id]}
            </ToggleButton>
          </Tooltip>
        ))}
      </ToggleButtonGroup>
      <TextField
        select
        size="small"
        value={props.type}
        onChange={(e) => props.onType(e.target.value as ChartType)}
        slotProps={{ select: { SelectDisplayProps: { 'aria-label': 'Chart type' } } }}
        sx={{ width: 150 }}
      >
        {chartTypes.map((t) => (
          <MenuItem key={t} value={t}>
            {chartTypeLabels[t]}
          </MenuItem>
        ))}
      </TextField>
      <Tooltip title="Indicators (Alt+I)" describeChild>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ShowChartIcon />}
          onClick={props.onIndicators}
          aria-keyshortcuts="Alt+I"
        >
          Indicators
        </Button>
      </Tooltip>
      {props.actions}
      <Box sx={{ flexGrow: 1 }} />
      {props.closedText && <Chip size="small" color="warning" variant="outlined" label={props.closedText} />}
      {props.simulated && (
        <Tooltip title="Prices from the built-in simulated market, not a live feed">
          <Chip size="small" variant="outlined" label="Simulated" />
        </Tooltip>
      )}
    </Box>
  );
}
