import Box from '@mui/material/Box';
import { chartTimeframes, STRATEGY_LIMITS, STRATEGY_TEXT_MAX, type StrategyLabelKind } from '@tradedesk/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useIndicatorListQuery } from '../charts/indicators/indicator-api';
import { useSymbolSearchQuery } from '../symbol-search/market-api';
import { type ChipOption, ChipsEditor } from './inline-edit';

export type Labels = { tags: string[]; symbols: string[]; timeframes: string[]; indicators: string[] };

const timeframeOptions: ChipOption[] = chartTimeframes.map((t) => ({ value: t, label: t }));

/**
 * Tags (free text), symbols (from the market's symbols), timeframes and indicators (from the indicator
 * catalogue) of a strategy or an approach, each added or removed one at a time.
 */
export function LabelsEditor(props: {
  labels: Labels;
  onAdd(kind: StrategyLabelKind, value: string): Promise<unknown>;
  onRemove(kind: StrategyLabelKind, value: string): Promise<unknown>;
}) {
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setDebounced(search), 250);
    return () => clearTimeout(t);
  }, [search]);
  const symbols = useSymbolSearchQuery({ search: debounced, limit: 20 });
  const symbolOptions = useMemo<ChipOption[]>(
    () => (symbols.data?.symbols ?? []).map((s) => ({ value: s.ticker, label: s.ticker, hint: s.name })),
    [symbols.data],
  );
  const indicators = useIndicatorListQuery({});
  const indicatorNames = useMemo(
    () => new Map((indicators.data?.indicators ?? []).map((i) => [i.id, i.name])),
    [indicators.data],
  );
  const indicatorOptions = useMemo<ChipOption[]>(
    () =>
      (indicators.data?.indicators ?? []).map((i) => ({
        value: i.id,
        label: i.name,
        hint: i.shortName !== i.name ? i.shortName : undefined,
      })),
    [indicators.data],
  );
  const max = STRATEGY_LIMITS.labelsPerList;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <ChipsEditor
        label="Tags"
        values={props.labels.tags}
        max={max}
        maxLength={STRATEGY_TEXT_MAX.tag}
        onAdd={(v) => props.onAdd('tag', v)}
        onRemove={(v) => props.onRemove('tag', v)}
      />
      <ChipsEditor
        label="Symbols"
        values={props.labels.symbols}
        max={max}
        options={symbolOptions}
        loadingOptions={symbols.isFetching}
        onSearch={setSearch}
        onAdd={(v) => props.onAdd('symbol', v)}
        onRemove={(v) => props.onRemove('symbol', v)}
      />
      <ChipsEditor
        label="Timeframes"
        values={props.labels.timeframes}
        max={max}
        options={timeframeOptions}
        onAdd={(v) => props.onAdd('timeframe', v)}
        onRemove={(v) => props.onRemove('timeframe', v)}
      />
      <ChipsEditor
        label="Indicators"
        values={props.labels.indicators}
        max={max}
        options={indicatorOptions}
        loadingOptions={indicators.isLoading}
        labelOf={(id) => indicatorNames.get(id) ?? id}
        onAdd={(v) => props.onAdd('indicator', v)}
        onRemove={(v) => props.onRemove('indicator', v)}
      />
    </Box>
  );
}
