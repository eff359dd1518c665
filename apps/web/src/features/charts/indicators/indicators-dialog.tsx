import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import type { IndicatorDefinitionWire, IndicatorGroupId } from '@tradedesk/contracts';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { apiErrorMessage } from './errors';
import {
  type IndicatorCollectionsState,
  useIndicatorCollectionsQuery,
  useIndicatorListQuery,
  useSaveIndicatorCollectionsMutation,
} from './indicator-api';
import type { ChartIndicatorState } from './model';

const TemplatesDialog = lazy(() => import('../tools/indicator-templates-dialog'));

/** The default collection the client makes when the user has none. */
export const FAVORITE = { id: 'favorite', tabName: 'Favorite' };

function favoritesOf(state: IndicatorCollectionsState | undefined): string[] {
  return state?.list[0]?.indicators ?? [];
}

/** The spec's group filters, in its order (the labels' keys; kept here so the dialog loads no contracts code). */
export const groupLabels: Record<IndicatorGroupId, string> = {
  trend: 'Trend',
  oscillators: 'Oscillators',
  volume: 'Volume',
  volatility: 'Volatility',
  priceAction: 'Price action',
  meanReversion: 'Mean reversion',
};
const GROUP_IDS = Object.keys(groupLabels) as IndicatorGroupId[];

export type IndicatorsDialogProps = {
  open: boolean;
  onClose(): void;
  onPick(definition: IndicatorDefinitionWire): void;
  /** The chart's indicators, for indicator templates (with `onApplyTemplate`, the dialog offers "Templates"). */
  current?: readonly ChartIndicatorState[];
  /** Replaces the chart's indicators with a template's. */
  onApplyTemplate?(list: ChartIndicatorState[]): void;
};

/** The indicators dialog: the catalogue, filtered by group and searched by name; picking one adds it. */
export function IndicatorsDialog(props: IndicatorsDialogProps) {
  const [search, setSearch] = useState('');
  const [group, setGroup] = useState<IndicatorGroupId | null>(null);
  const [tab, setTab] = useState<'all' | 'collection'>('all');
  const deferred = useDeferredValue(search.trim());
  const list = useIndicatorListQuery(
    { ...(deferred ? { search: deferred } : {}), ...(tab === 'all' && group ? { group } : {}) },
    { skip: !props.open },
  );
  const collections = useIndicatorCollectionsQuery(undefined, { skip: !props.open });
  const [saveCollections, saving] = useSaveIndicatorCollectionsMutation();
  const [saveError, setSaveError] = useState<string | null>(null);
  // None saved yet (the store's 404): the default "Favorite" collection is made.
  const missing = collections.data?.missing === true;
  const created = useRef(false);
  useEffect(() => {
    if (missing && !created.current) {
      created.current = true;
      void saveCollections({ version: 0, list: [{ ...FAVORITE, indicators: [] }] });
    }
  }, [missing, saveCollections]);
  const favorites = favoritesOf(collections.data);
  const toggleFavorite = async (id: string) => {
    const state = collections.data;
    if (!state) return;
    const [first, ...rest] = state.list.length ? state.list : [{ ...FAVORITE, indicators: [] as string[] }];
    const indicators = first!.indicators.includes(id)
      ? first!.indicators.filter((x) => x !== id)
      : [...first!.indicators, id];
    setSaveError(null);
    const r = await saveCollections({ version: state.version, list: [{ ...first!, indicators }, ...rest] });
    if (r.error) setSaveError(apiErrorMessage(r.error, 'The favourites could not be saved.'));
  };
  const all = list.data?.indicators ?? [];
  const indicators = tab === 'all' ? all : all.filter((d) => favorites.includes(d.id));
  const [templates, setTemplates] = useState(false);
  const onApplyTemplate = props.onApplyTemplate;
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="indicators-title">
      <DialogTitle id="indicators-title">Indicators</DialogTitle>
      {onApplyTemplate && (
        <Box sx={{ position: 'absolute', top: 14, right: 16 }}>
          <Button size="small" onClick={() => setTemplates(true)}>
            Templates
          </Button>
        </Box>
      )}
      {onApplyTemplate && templates && (
        <Suspense fallback={null}>
          <TemplatesDialog
            open
            onClose={() => setTemplates(false)}
            current={props.current ?? []}
            onApply={(list) => {
              setTemplates(false);
              onApplyTemplate(list);
            }}
          />
        </Suspense>
      )}
      <DialogContent sx={{ display: 'grid', gap: 1.5, pt: '8px !important' }}>
        <Tabs value={tab} onChange={(_e, v: 'all' | 'collection') => setTab(v)} aria-label="Indicator lists">
          <Tab value="all" label="All" />
          <Tab value="collection" label={collections.data?.list[0]?.tabName ?? FAVORITE.tabName} />
        </Tabs>
        <TextField
          autoFocus
          size="small"
          label="Search indicators"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {tab === 'all' && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }} role="group" aria-label="Indicator groups">
            <Chip
              label="All"
              size="small"
              color={group === null ? 'primary' : 'default'}
              aria-pressed={group === null}
              onClick={() => setGroup(null)}
            />
            {GROUP_IDS.map((g) => {
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
        )}
        {saveError && <Alert severity="warning">{saveError}</Alert>}
        {list.isError && <Alert severity="error">The indicator list could not be loaded.</Alert>}
        {list.isSuccess && indicators.length === 0 && (
          <Alert severity="info">
            {tab === 'all' ? 'No indicator matches.' : 'No favourites yet: star indicators in the All tab.'}
          </Alert>
        )}
        <List dense aria-label="Indicator list" sx={{ maxHeight: 420, overflow: 'auto' }}>
          {indicators.map((d) => (
            <ListItem
              key={d.id}
              disablePadding
              secondaryAction={
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={`Favourite ${d.shortName}`}
                  aria-pressed={favorites.includes(d.id)}
                  disabled={!collections.data || saving.isLoading}
                  onClick={() => void toggleFavorite(d.id)}
                >
                  {favorites.includes(d.id) ? (
                    <StarIcon fontSize="small" color="warning" />
                  ) : (
                    <StarBorderIcon fontSize="small" />
                  )}
                </IconButton>
              }
            >
              <ListItemButton onClick={() => props.onPick(d)}>
                <ListItemText
                  primary={`${d.name} (${d.shortName})`}
                  secondary={`${groupLabels[d.group]} · ${d.overlay ? 'on the price' : 'own pane'}`}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </DialogContent>
    </Dialog>
  );
}
export default IndicatorsDialog;
