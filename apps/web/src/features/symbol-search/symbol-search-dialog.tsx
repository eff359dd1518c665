import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MarketSource } from '@tradedesk/contracts';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import type { ApiError } from '../../shared/api/api-error';
import { formatPercent } from '../../shared/format/numbers';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import {
  useMarketCountriesQuery,
  useMarketExchangesQuery,
  useMarketSourcesQuery,
  useSymbolSearchQuery,
} from './market-api';
import type { PickedSymbol, SymbolSearchDialogProps } from './types';
import { useRecentInstruments } from './use-recent-instruments';

export type SearchTab = 'all' | 'trending' | 'markets' | 'sources';

type Option = PickedSymbol & { key: string; detail: string; group: 'recent' | 'results' };

const SEARCH_DELAY_MS = 250;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function MultiFilter(props: {
  label: string;
  value: string[];
  options: { value: string; label: string }[];
  onChange: (value: string[]) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      sx={{ minWidth: 150, flex: 1 }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => ((selected as string[]).length === 0 ? 'Any' : (selected as string[]).join(', ')),
          displayEmpty: true,
        },
        inputLabel: { shrink: true },
      }}
      onChange={(e) => {
        const v = e.target.value as unknown;
        props.onChange(typeof v === 'string' ? v.split(',') : (v as string[]));
      }}
    >
      {props.options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The symbol search (spec sections 2 to 4): a search field over the instrument catalogue with the tabs all,
 * trending, markets and sources, filters by source, country and exchange, and the recently opened
 * instruments. Arrow keys move through the results, Enter picks, Escape closes. A pick is remembered as a
 * recent instrument (the newest first, at most 4, in the user-data store) and handed to `onPick`.
 */
export default function SymbolSearchDialog({
  open,
  onClose,
  onPick,
  title = 'Search symbols',
}: SymbolSearchDialogProps) {
  const titleId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [tab, setTab] = useState<SearchTab>('all');
  const [sources, setSources] = useState<string[]>([]);
  const [countries, setCountries] = useState<string[]>([]);
  const [exchanges, setExchanges] = useState<string[]>([]);
  const [category, setCategory] = useState<{ source: MarketSource; category: string } | null>(null);
  const [active, setActive] = useState(0);
  // Each opening starts from an empty search: the dialog stays mounted, and typing must not add to old text.
  useEffect(() => {
    if (!open) return;
    setText('');
    setActive(0);
  }, [open]);
  const search = useDebounced(text, SEARCH_DELAY_MS);

  const sourcesQuery = useMarketSourcesQuery(undefined, { skip: !open });
  const countriesQuery = useMarketCountriesQuery(undefined, { skip: !open });
  const exchangesQuery = useMarketExchangesQuery(undefined, { skip: !open });
  const recent = useRecentInstruments(open);

  const effectiveSources = tab === 'markets' && category ? [category.source] : sources;
  const results = useSymbolSearchQuery(
    {
      search,
      sources: effectiveSources,
      countries,
      exchanges,
      categories: tab === 'markets' && category ? [category.category] : [],
    },
    { skip: !open },
  );

  const showRecent = tab === 'all' && text.trim() === '';
  const options: Option[] = useMemo(() => {
    const out: Option[] = [];
    if (showRecent && recent.state === 'succeeded') {
      for (const r of recent.list)
        out.push({
          key: `recent:${r.source}:${r.symbol}`,
          ticker: r.symbol,
          source: r.source as MarketSource,
          name: r.name,
          digits: r.digits,
          detail: r.source,
          group: 'recent',
        });
    }
    const data = results.data;
    if (!data) return out;
    if (tab === 'trending') {
      const digitsOf = new Map(data.symbols.map((s) => [s.id, s.digits]));
      for (const t of data.trending)
        out.push({
          key: `trending:${t.id}`,
          ticker: t.ticker,
          source: t.source,
          name: t.name,
          digits: digitsOf.get(t.id) ?? 5,
          detail: `${t.source} · ${formatPercent(t.changePercent, { signed: true })} today`,
          group: 'results',
        });
      return out;
    }
    if (tab === 'markets' && !category) return out;
    for (const s of data.symbols)
      out.push({
        key: `symbol:${s.id}`,
        ticker: s.ticker,
        source: s.source,
        name: s.name,
        digits: s.digits,
        detail: [s.source, s.exchange, s.country].filter(Boolean).join(' · '),
        group: 'results',
      });
    return out;
  }, [results.data, tab, category, showRecent, recent.state, recent.list]);

  // New results start at the first one (adjusted while rendering, React's pattern for derived state).
  const optionsKey = options.map((o) => o.key).join('|');
  const [seen, setSeen] = useState(optionsKey);
  if (seen !== optionsKey) {
    setSeen(optionsKey);
    setActive(0);
  }

  const stale = text !== search || results.isFetching;
  const [pendingEnter, setPendingEnter] = useState(false);

  const pick = (option: Option) => {
    const picked: PickedSymbol = {
      ticker: option.ticker,
      source: option.source,
      name: option.name,
      digits: option.digits,
    };
    void recent.remember({ symbol: picked.ticker, source: picked.source });
    onPick(picked);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Typed faster than the search answers: pick from the answer to what was typed, not the one before.
      if (stale) setPendingEnter(true);
      else {
        const option = options[active];
        if (option) pick(option);
      }
    }
  };

  useEffect(() => {
    if (!pendingEnter || stale) return;
    setPendingEnter(false);
    const option = options[0];
    if (option) pick(option);
  });

  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const activeId = options[active] ? `${listId}-${active}` : undefined;
  const resultsError = results.isError ? (results.error as ApiError | undefined)?.message : undefined;

  const renderOption = (option: Option, index: number) => (
    <ListItemButton
      key={option.key}
      id={`${listId}-${index}`}
      role="option"
      aria-selected={index === active}
      selected={index === active}
      onMouseEnter={() => setActive(index)}
      onClick={() => pick(option)}
      dense
    >
      <ListItemText
        primary={
          <>
            <Box component="span" sx={{ fontWeight: 600, mr: 1 }}>
              {option.ticker}
            </Box>
            {option.name}
          </>
        }
        secondary={option.detail}
      />
    </ListItemButton>
  );

  const recentOptions = options.filter((o) => o.group === 'recent');
  const resultOptions = options.filter((o) => o.group === 'results');

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5, pt: '8px !important' }}>
        <TextField
          autoFocus
          fullWidth
          label="Symbol, name or currency"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-expanded': true,
              'aria-controls': listId,
              'aria-activedescendant': activeId,
              'aria-autocomplete': 'list',
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined />
                </InputAdornment>
              ),
            },
          }}
        />
        <Tabs value={tab} onChange={(_e, v: SearchTab) => setTab(v)} aria-label="Search tabs" variant="scrollable">
          <Tab value="all" label="All" />
          <Tab value="trending" label="Trending" />
          <Tab value="markets" label="Markets" />
          <Tab value="sources" label="Sources" />
        </Tabs>
        {tab === 'markets' && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }} role="group" aria-label="Markets">
            {(results.data?.markets ?? []).map((g) => {
              const selected = category?.source === g.source && category.category === g.category;
              return (
                <Chip
                  key={g.id}
                  label={`${g.label} (${g.instrumentIds.length})`}
                  color={selected ? 'primary' : 'default'}
                  variant={selected ? 'filled' : 'outlined'}
                  aria-pressed={selected}
                  onClick={() => setCategory(selected ? null : { source: g.source, category: g.category })}
                />
              );
            })}
          </Box>
        )}
        {tab === 'sources' && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }} role="group" aria-label="Sources">
            {(sourcesQuery.data?.sources ?? []).map((s) => {
              const selected = sources.length === 1 && sources[0] === s.id;
              return (
                <Chip
                  key={s.id}
                  label={`${s.label} (${s.instrumentCount})`}
                  color={selected ? 'primary' : 'default'}
                  variant={selected ? 'filled' : 'outlined'}
                  aria-pressed={selected}
                  onClick={() => setSources(selected ? [] : [s.id])}
                />
              );
            })}
          </Box>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <MultiFilter
            label="Sources"
            value={sources}
            onChange={setSources}
            options={(sourcesQuery.data?.sources ?? []).map((s) => ({ value: s.id, label: s.label }))}
          />
          <MultiFilter
            label="Country"
            value={countries}
            onChange={setCountries}
            options={(countriesQuery.data?.countries ?? []).map((c) => ({
              value: c.code,
              label: `${c.name} (${c.code})`,
            }))}
          />
          <MultiFilter
            label="Exchanges"
            value={exchanges}
            onChange={setExchanges}
            options={(exchangesQuery.data?.exchanges ?? []).map((x) => ({ value: x.id, label: x.name }))}
          />
        </Box>

        <Box sx={{ minHeight: 280, maxHeight: '50vh', overflowY: 'auto' }}>
          <List id={listId} role="listbox" aria-label="Symbols" dense disablePadding>
            {showRecent && (
              <>
                <ListSubheader disableSticky role="presentation" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <HistoryOutlined fontSize="small" /> Recent
                </ListSubheader>
                {recent.state === 'loading' && <LoadingState label="Loading recent instruments" />}
                {recent.state === 'failed' && (
                  <ErrorState
                    title="The recent instruments could not be loaded."
                    message={recent.error}
                    onRetry={() => void recent.retry()}
                  />
                )}
                {recent.state === 'succeeded' && recentOptions.length === 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
                    Instruments you open show here.
                  </Typography>
                )}
                {recentOptions.map((o) => renderOption(o, options.indexOf(o)))}
                <ListSubheader disableSticky role="presentation">
                  {tab === 'all' ? 'Instruments' : ''}
                </ListSubheader>
              </>
            )}
            {resultOptions.map((o) => renderOption(o, options.indexOf(o)))}
          </List>
          {results.isFetching && !results.data && <LoadingState label="Searching" />}
          {resultsError !== undefined && (
            <ErrorState title="The search failed." message={resultsError} onRetry={() => void results.refetch()} />
          )}
          {results.data && resultOptions.length === 0 && !(tab === 'markets' && !category) && (
            <EmptyState title="No instruments match." description="Try another name or fewer filters." />
          )}
          {tab === 'markets' && !category && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
              Choose a market to list its instruments.
            </Typography>
          )}
        </Box>
        <Typography variant="caption" color="text.secondary">
          ↑ ↓ to move, Enter to open, Esc to close. Prices: Simulated market.
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
