import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { IndicatorCalculation, IndicatorDefinitionWire } from '@tradedesk/contracts';
import { useEffect } from 'react';
import { apiErrorMessage } from './errors';
import { type CalculationArgs, useIndicatorCalculationQuery } from './indicator-api';
import type { ChartIndicatorState } from './model';

export type IndicatorRowProps = {
  indicator: ChartIndicatorState;
  definition: IndicatorDefinitionWire | undefined;
  /** The chart's bars the values line up with; null while none are loaded. */
  bars: Omit<CalculationArgs, 'name' | 'settings' | 'styles'> | null;
  onCalc(key: string, calc: IndicatorCalculation | null): void;
  onToggle(): void;
  onSettings(): void;
  onRemove(): void;
};

/** One indicator's legend row; it also asks the server for the indicator's values over the chart's bars. */
export function IndicatorRow(props: IndicatorRowProps) {
  const { indicator: ind, bars, onCalc } = props;
  const query = useIndicatorCalculationQuery(
    bars ? { ...bars, name: ind.name, settings: ind.settings, styles: ind.styles } : (undefined as never),
    { skip: bars === null },
  );
  const data = query.currentData;
  useEffect(() => {
    onCalc(ind.key, data ?? null);
  }, [ind.key, data, onCalc]);
  const def = props.definition;
  const title = def?.shortName ?? ind.name;
  const values = data ? Object.values(data.settings).join(', ') : '';
  const label = `${title}${values ? ` ${values}` : ''}`;
  return (
    <Box
      role="listitem"
      aria-label={label}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        bgcolor: 'background.paper',
        opacity: ind.hidden ? 0.6 : 0.9,
        borderRadius: 1,
        px: 0.75,
        width: 'fit-content',
        pointerEvents: 'auto',
      }}
    >
      <Typography variant="caption" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      {query.isFetching && (
        <Typography variant="caption" color="text.secondary">
          …
        </Typography>
      )}
      {query.isError && (
        <Typography variant="caption" color="error">
          {apiErrorMessage(query.error, 'Values could not be calculated.')}
        </Typography>
      )}
      <Tooltip title={ind.hidden ? 'Show' : 'Hide'}>
        <IconButton size="small" aria-label={`${ind.hidden ? 'Show' : 'Hide'} ${title}`} onClick={props.onToggle}>
          {ind.hidden ? <VisibilityOffIcon fontSize="inherit" /> : <VisibilityIcon fontSize="inherit" />}
        </IconButton>
      </Tooltip>
      <Tooltip title="Settings">
        <IconButton size="small" aria-label={`${title} settings`} onClick={props.onSettings} disabled={!def}>
          <SettingsIcon fontSize="inherit" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Remove">
        <IconButton size="small" aria-label={`Remove ${title}`} onClick={props.onRemove}>
          <DeleteIcon fontSize="inherit" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
