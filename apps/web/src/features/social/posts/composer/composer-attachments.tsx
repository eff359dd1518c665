import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import ImageList from '@mui/material/ImageList';
import ImageListItem from '@mui/material/ImageListItem';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Chart, PostMedia } from '@tradedesk/contracts';
import { type ChangeEvent, useState } from 'react';
import { api } from '../../../../app/api';
import { EmptyState } from '../../../../shared/states/empty-state';
import { ErrorState } from '../../../../shared/states/error-state';
import { LoadingState } from '../../../../shared/states/loading-state';
import { useAccountStateQuery, useTradesQuery, useTradingAccountsQuery } from '../../../trading';
import { usePostGifsQuery, useUploadPostMediaMutation } from '../posts-api';
import type { ComposerState } from './composer-model';

const composerApi = api.injectEndpoints({
  endpoints: (build) => ({
    composerCharts: build.query<Chart[], void>({
      query: () => ({ url: '/charts' }),
      transformResponse: (r: { charts: Chart[] }) => r.charts,
    }),
  }),
});

type Patch = (patch: Partial<ComposerState>) => void;

/** Picks image files and uploads each (POST /posts/media); answers the uploaded media. */
function UploadButton(props: { label: string; multiple?: boolean; onUploaded: (m: PostMedia) => void }) {
  const [upload, state] = useUploadPostMediaMutation();
  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    for (const file of files) {
      const done = await upload(file);
      if ('data' in done && done.data) props.onUploaded(done.data);
    }
  };
  return (
    <Button component="label" variant="outlined" disabled={state.isLoading}>
      {state.isLoading ? 'Uploading…' : props.label}
      <input
        hidden
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        multiple={props.multiple}
        aria-label={props.label}
        onChange={(e) => void onChange(e)}
      />
    </Button>
  );
}

export function ImageTab(props: { state: ComposerState; patch: Patch }) {
  const { media } = props.state;
  return (
    <Stack spacing={1}>
      <UploadButton
        label="Upload images"
        multiple
        onUploaded={(m) => props.patch({ media: [...props.state.media, m] })}
      />
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        Up to 4 images: PNG, JPEG, GIF or WebP. They are resized to fit 2048 px and their metadata is removed.
      </Typography>
      {media.length > 0 && (
        <ImageList cols={4} gap={4}>
          {media.map((m, i) => (
            <ImageListItem key={m.id}>
              <img src={m.url} alt={`Upload ${i + 1}`} />
              <IconButton
                size="small"
                aria-label={`Remove image ${i + 1}`}
                onClick={() => props.patch({ media: media.filter((x) => x.id !== m.id) })}
                sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper' }}
              >
                <Close fontSize="small" />
              </IconButton>
            </ImageListItem>
          ))}
        </ImageList>
      )}
    </Stack>
  );
}

export function GifTab(props: { state: ComposerState; patch: Patch }) {
  const [tab, setTab] = useState<'favorites' | 'search'>('favorites');
  const [q, setQ] = useState('');
  const [term, setTerm] = useState('');
  const gifs = usePostGifsQuery(tab === 'favorites' ? { tab } : { tab, q: term }, { skip: tab === 'search' && !term });
  return (
    <Stack spacing={1}>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} aria-label="GIF source">
        <Tab value="favorites" label="Our favorites" />
        <Tab value="search" label="Search" />
      </Tabs>
      {tab === 'search' && (
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            setTerm(q.trim());
          }}
        >
          <TextField size="small" label="Search GIFs" value={q} onChange={(e) => setQ(e.target.value)} />
        </Box>
      )}
      {gifs.isFetching ? (
        <LoadingState label="Loading GIFs" />
      ) : gifs.isError ? (
        <ErrorState title="The GIFs could not be loaded." onRetry={() => void gifs.refetch()} />
      ) : gifs.data && gifs.data.items.length === 0 ? (
        <EmptyState title="No GIFs found." />
      ) : (
        <ImageList cols={4} gap={4} sx={{ maxHeight: 260 }}>
          {(gifs.data?.items ?? []).map((g) => {
            const chosen = props.state.gif?.id === g.id && props.state.gif.provider === g.provider;
            return (
              <ImageListItem key={`${g.provider}:${g.id}`}>
                <Box
                  component="button"
                  type="button"
                  aria-pressed={chosen}
                  aria-label={`Choose GIF ${g.title || g.id}`}
                  onClick={() =>
                    props.patch({
                      gif: chosen ? null : { provider: g.provider, id: g.id, url: g.previewUrl, title: g.title },
                    })
                  }
                  sx={{
                    p: 0,
                    border: 2,
                    borderColor: chosen ? 'primary.main' : 'transparent',
                    cursor: 'pointer',
                    bgcolor: 'transparent',
                  }}
                >
                  <img src={g.previewUrl} alt="" style={{ width: '100%', display: 'block' }} />
                </Box>
              </ImageListItem>
            );
          })}
        </ImageList>
      )}
    </Stack>
  );
}

export function ChartTab(props: { state: ComposerState; patch: Patch }) {
  const [mode, setMode] = useState<'active' | 'snapshot'>('active');
  const charts = composerApi.useComposerChartsQuery(undefined, { skip: mode !== 'active' });
  const chart = props.state.chart;
  return (
    <Stack spacing={1}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={mode}
        onChange={(_e, v) => v && setMode(v)}
        aria-label="Chart kind"
      >
        <ToggleButton value="active">Active</ToggleButton>
        <ToggleButton value="snapshot">Snapshot</ToggleButton>
      </ToggleButtonGroup>
      {mode === 'active' ? (
        charts.isLoading ? (
          <LoadingState label="Loading your charts" />
        ) : charts.isError ? (
          <ErrorState title="Your charts could not be loaded." onRetry={() => void charts.refetch()} />
        ) : (charts.data ?? []).length === 0 ? (
          <EmptyState title="No saved charts." description="Save a chart on the chart page to share it live." />
        ) : (
          <RadioGroup
            aria-label="Live chart"
            value={chart?.kind === 'live' ? chart.chartId : ''}
            onChange={(e) => {
              const c = charts.data?.find((x) => x.id === e.target.value);
              if (c)
                props.patch({ chart: { kind: 'live', chartId: c.id, name: `${c.name} (${c.symbol} ${c.timeframe})` } });
            }}
          >
            {(charts.data ?? []).map((c) => (
              <FormControlLabel
                key={c.id}
                value={c.id}
                control={<Radio />}
                label={`${c.name} · ${c.symbol} ${c.timeframe}`}
              />
            ))}
          </RadioGroup>
        )
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <UploadButton
            label="Upload chart snapshot"
            onUploaded={(m) => props.patch({ chart: { kind: 'snapshot', media: m } })}
          />
          {chart?.kind === 'snapshot' && <img src={chart.media.url} alt="Chart snapshot" style={{ maxHeight: 80 }} />}
        </Stack>
      )}
      {chart && (
        <Button size="small" onClick={() => props.patch({ chart: null })} sx={{ alignSelf: 'flex-start' }}>
          Remove chart
        </Button>
      )}
    </Stack>
  );
}

export function TradeTab(props: { state: ComposerState; patch: Patch }) {
  const accounts = useTradingAccountsQuery('all');
  const eligible = (accounts.data ?? []).filter((a) => a.kind === 'virtual');
  const [accountId, setAccountId] = useState('');
  const account = eligible.find((a) => a.id === (accountId || eligible[0]?.id));
  const snapshot = useAccountStateQuery(account?.token ?? '', { skip: !account });
  const closed = useTradesQuery({ account: account?.token ?? '', status: 'closed', limit: 20 }, { skip: !account });
  if (accounts.isLoading) return <LoadingState label="Loading your accounts" />;
  if (eligible.length === 0)
    return (
      <EmptyState title="No virtual or prop account." description="Verified ideas come from TradeDesk accounts." />
    );
  const choose = (value: string) => {
    if (!account) return;
    const [kind, id, ...label] = value.split('|');
    if (!id) return;
    props.patch({
      trade: {
        accountId: account.id,
        ...(kind === 'order' ? { orderId: id } : { positionId: id }),
        label: label.join('|'),
      },
    });
  };
  const options: { value: string; label: string }[] = [
    ...(snapshot.data?.positions ?? []).map((p) => ({
      value: `position|${p.id}|Open ${p.side} ${p.symbol} at ${p.openPrice}`,
      label: `Open: ${p.side} ${p.volume} ${p.symbol} at ${p.openPrice}`,
    })),
    ...(snapshot.data?.orders ?? [])
      .filter((o) => o.status === 'pending')
      .map((o) => ({
        value: `order|${o.id}|Pending ${o.type} ${o.side} ${o.symbol}`,
        label: `Pending: ${o.type} ${o.side} ${o.size} ${o.symbol} at ${o.triggerPrice ?? o.limitPrice ?? '–'}`,
      })),
    ...(closed.data?.trades ?? []).map((t) => ({
      value: `position|${t.id}|Closed ${t.side} ${t.symbol} at ${t.openPrice}`,
      label: `Closed: ${t.side} ${t.symbol} ${t.openPrice} → ${t.closePrice ?? '–'}`,
    })),
  ];
  const current = props.state.trade;
  const currentValue =
    options.find((o) => current && o.value.split('|')[1] === (current.positionId ?? current.orderId))?.value ?? '';
  return (
    <Stack spacing={1.5}>
      <TextField
        select
        size="small"
        label="Account"
        value={account?.id ?? ''}
        onChange={(e) => setAccountId(e.target.value)}
      >
        {eligible.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.name}
            {a.propFirm ? ' (prop)' : ''}
          </MenuItem>
        ))}
      </TextField>
      {snapshot.isLoading || closed.isLoading ? (
        <LoadingState label="Loading your trades" />
      ) : options.length === 0 ? (
        <EmptyState title="No trades on this account." description="Open a position or place an order first." />
      ) : (
        <TextField
          select
          size="small"
          label="Trade to attach"
          value={currentValue}
          onChange={(e) => choose(e.target.value)}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {current && (
        <Button size="small" onClick={() => props.patch({ trade: null })} sx={{ alignSelf: 'flex-start' }}>
          Remove trade
        </Button>
      )}
    </Stack>
  );
}
