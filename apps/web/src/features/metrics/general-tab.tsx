import Box from '@mui/material/Box';
import type { MetricsBucket, MetricsResponse } from '@tradedesk/contracts';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../shared/data-table/data-table';
import { type Formatters, useFormatters } from '../../shared/format/format-preferences';
import { BucketPanel, MetricsPanel } from './bucket-panel';
import { FigureTiles, ShownValue, type Tile } from './figure-tiles';
import { bucketShown, type Display, durationText, missing, ratioShown, type Shown, tradesText } from './metric-values';
import type { TabProps } from './metrics-tabs';

function sideTiles(f: Formatters, name: string, b: MetricsBucket, display: Display): Tile {
  return {
    label: name,
    value: bucketShown(f, b, display),
    detail: `${tradesText(b.count)}${b.winRate === null ? '' : `, ${f.percent(b.winRate, { digits: 1 })} won`}`,
  };
}

export function GeneralTab({ data, display, onOpen }: TabProps) {
  const f = useFormatters();
  const g = data.general;
  const none = 'No trades in this period.';
  const plain = (text: string): Shown => ({ text, direction: 'flat' });
  const tiles: Tile[] = [
    {
      label: 'First trade',
      value: g.firstTradeAt ? plain(f.date(g.firstTradeAt)) : missing(none),
      detail: g.firstTradeAt ? f.time(g.firstTradeAt) : undefined,
    },
    {
      label: 'Last trade',
      value: g.lastTradeAt ? plain(f.date(g.lastTradeAt)) : missing(none),
      detail: g.lastTradeAt ? f.time(g.lastTradeAt) : undefined,
    },
    { label: 'Trades per day', value: ratioShown(f, g.averageTradesPerDay, 2, none) },
    { label: 'Total volume', value: plain(f.volume(g.totalVolume, { unit: 'lots', withUnit: true })) },
    {
      label: 'Average volume',
      value:
        g.averageVolume === null ? missing(none) : plain(f.volume(g.averageVolume, { unit: 'lots', withUnit: true })),
    },
    {
      label: 'Average hold',
      value: g.averageHoldingSeconds === null ? missing(none) : plain(durationText(g.averageHoldingSeconds)),
    },
    {
      label: 'Average hold, wins',
      value:
        g.averageWinHoldingSeconds === null
          ? missing('No winning trades.')
          : plain(durationText(g.averageWinHoldingSeconds)),
    },
    {
      label: 'Average hold, losses',
      value:
        g.averageLossHoldingSeconds === null
          ? missing('No losing trades.')
          : plain(durationText(g.averageLossHoldingSeconds)),
    },
    sideTiles(f, 'Long', g.long, display),
    sideTiles(f, 'Short', g.short, display),
    {
      label: 'MFE captured',
      value:
        g.averageMfeCapturePercent === null
          ? missing('No winning trade with a recorded best price.')
          : plain(f.percent(g.averageMfeCapturePercent, { digits: 1 })),
      detail: 'of the best exit, wins',
    },
    {
      label: 'Average MFE',
      value:
        g.averageMfeR === null
          ? missing('No trade with a stop loss, which R is measured from.')
          : plain(`${f.price(g.averageMfeR, 2)}R`),
    },
    {
      label: 'Average MAE',
      value:
        g.averageMaeR === null
          ? missing('No trade with a stop loss, which R is measured from.')
          : plain(`${f.price(g.averageMaeR, 2)}R`),
    },
  ];
  const sides = useMemo(
    () => [
      { label: 'Long', bucket: g.long },
      { label: 'Short', bucket: g.short },
    ],
    [g.long, g.short],
  );
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <FigureTiles
        label="General figures"
        tiles={tiles}
        unsigned={new Set(tiles.filter((t) => t.label !== 'Long' && t.label !== 'Short').map((t) => t.label))}
      />
      <BucketPanel title="Long and short" buckets={sides} display={display} onOpen={onOpen} />
      <MfeTable data={data} display={display} />
    </Box>
  );
}

/** MFE and MAE per trade: how far each went for and against the trader, and the best exit. */
function MfeTable({ data, display }: { data: MetricsResponse; display: Display }) {
  const f = useFormatters();
  type Row = MetricsResponse['trades'][number];
  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { id: 'symbol', header: 'Symbol', value: (t) => t.symbol, width: 90, hideable: false },
      {
        id: 'closed',
        header: 'Closed',
        value: (t) => new Date(t.closedAt),
        format: (t) => f.dateTime(t.closedAt),
        width: 170,
      },
      {
        id: 'net',
        header: 'Net',
        numeric: true,
        width: 130,
        value: (t) => t.net,
        render: (t) => <ShownValue value={f.pnl(t.net, display.currency)} signed />,
        format: (t) => f.pnl(t.net, display.currency).text,
      },
      {
        id: 'mfe',
        header: 'MFE',
        numeric: true,
        width: 130,
        value: (t) => t.mfe?.money ?? null,
        format: (t) => (t.mfe ? f.pnl(t.mfe.money, display.currency).text : '—'),
      },
      {
        id: 'mae',
        header: 'MAE',
        numeric: true,
        width: 130,
        value: (t) => t.mae?.money ?? null,
        format: (t) => (t.mae ? f.pnl(t.mae.money, display.currency).text : '—'),
      },
      {
        id: 'best',
        header: 'Best exit',
        numeric: true,
        width: 130,
        value: (t) => t.bestExitNet,
        format: (t) => (t.bestExitNet === null ? '—' : f.pnl(t.bestExitNet, display.currency).text),
      },
    ],
    [f, display.currency],
  );
  return (
    <MetricsPanel title="Excursions per trade (MFE / MAE)">
      <Box sx={{ height: 320 }}>
        <DataTable
          label="Excursions per trade"
          columns={columns}
          rows={data.trades}
          getRowId={(t) => t.id}
          status="ready"
          empty={{ title: 'No trades.' }}
          persistKey="metrics.excursions"
          exportName="metrics-excursions"
          initialSort={[{ id: 'closed', desc: true }]}
        />
      </Box>
    </MetricsPanel>
  );
}
