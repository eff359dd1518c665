import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { INDICATOR_GROUP_IDS, type IndicatorDefinitionWire, type IndicatorGroupId } from '@tradedesk/contracts';
import { useDeferredValue, useState } from 'react';
import { useIndicatorListQuery } from './indicator-api';

export const groupLabels: Record<IndicatorGroupId, string> = {
  trend: 'Trend',
  oscillators: 'Oscillators',
  volume: 'Volume',
  volatility: 'Volatility',
  priceAction: 'Price action',
  meanReversion: 'Mean reversion',
};

export type IndicatorsDialogProps = {
  open: boolean;
  onClose(): void;
  onPick(definition: IndicatorDefinitionWire): void;
};

/** The indicators dialog: the catalogue, filtered by group and searched by name; picking one adds it. */
export function IndicatorsDialog(props: IndicatorsDialogProps) {
  const [search, setSearch] = useState('');
  const [group, setGroup] = useState<IndicatorGroupId | null>(null);
  const deferred = useDeferredValue(search.trim());
  const list = useIndicatorListQuery(
    { ...(deferred ? { search: deferred } : {}), ...(group ? { group } : {}) },
    { skip: !props.open },
  );
  const indicators = list.data?.indicators ?? [];
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="indicators-title">
      <DialogTitle id="indicators-title">Indicators</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5, pt: '8px !important' }}>
        <TextField
          autoFocus
          size="small"
          label="Search indicators"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }} role="group" aria-label="Indicator groups">
          <Chip
            label="All"
            size="small"
            color={group === null ? 'primary' : 'default'}
            aria-pressed={group === null}
            onClick={() => setGroup(null)}
          />
          {INDICATOR_GROUP_IDS.map((g) => {
            const count = list.data?.groups.find((x) => x.id === g)?.count;
            return (
              <Chip
                key={g}
                size="small"
                label={count === undefined ? groupLabels[g] : `${groupLabels[g]} (${count})`}
                color={group === g ? 'primary' : 'default'}
                aria-pressed={group === g}
                onClick={() => setGroup(group === g ? null : g)}
              />
            );
          })}
        </Stack>
        {list.isError && <Alert severity="error">The indicator list could not be loaded.</Alert>}
        {list.isSuccess && indicators.length === 0 && <Alert severity="info">No indicator matches.</Alert>}
        <List dense aria-label="Indicator list" sx={{ maxHeight: 420, overflow: 'auto' }}>
          {indicators.map((d) => (
            <ListItemButton key={d.id} onClick={() => props.onPick(d)}>
              <ListItemText
                primary={`${d.name} (${d.shortName})`}
                secondary={`${groupLabels[d.group]} · ${d.overlay ? 'on the price' : 'own pane'}`}
              />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
    </Dialog>
  );
}
