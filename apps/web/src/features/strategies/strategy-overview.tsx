import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  STRATEGY_FOLDER_DEFAULT_COLOR,
  STRATEGY_LIMITS,
  STRATEGY_TEXT_MAX,
  type Strategy,
  type StrategyFolder,
  type StrategySnapshot,
} from '@tradedesk/contracts';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useFormatters } from '../../shared/format/format-preferences';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { DeleteDialog } from '../charts/workspace/delete-dialog';
import { useSavedChartsQuery } from '../charts/workspace/saved-charts-api';
import { ApproachesPanel } from './approaches-panel';
import { ImageUploadButton } from './image-upload';
import { AddForm, failureText } from './inline-edit';
import { LabelsEditor } from './labels-editor';
import {
  useAddStrategyLabelMutation,
  useAttachChartSnapshotMutation,
  useCreateStrategyFolderMutation,
  useDeleteStrategyFolderMutation,
  useDeleteStrategySnapshotMutation,
  useRemoveStrategyLabelMutation,
  useStrategySnapshotsQuery,
  useUploadStrategySnapshotMutation,
} from './strategies-api';
import { listOf, useLoggedFailure } from './use-logged-failure';

/** A titled part of the overview. */
export function Section(props: { title: string; id: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={props.id}
      sx={{ p: { xs: 1.5, md: 2 }, display: 'grid', gap: 1.5, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={props.id} variant="subtitle1" component="h3" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {props.title}
        </Typography>
        {props.action}
      </Box>
      {props.children}
    </Paper>
  );
}

/** The overview tab: labels, folders, snapshots and the approaches with their criteria. */
export function StrategyOverview(props: { strategy: Strategy }) {
  const { strategy } = props;
  const [addLabel] = useAddStrategyLabelMutation();
  const [removeLabel] = useRemoveStrategyLabelMutation();
  return (
    <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
      <Section title="Tags, symbols, timeframes and indicators" id="strategy-labels">
        <LabelsEditor
          labels={strategy}
          onAdd={(kind, value) => addLabel({ id: strategy.id, kind, value }).unwrap()}
          onRemove={(kind, value) => removeLabel({ id: strategy.id, kind, value }).unwrap()}
        />
      </Section>
      <ApproachesPanel strategyId={strategy.id} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 2fr' }, alignItems: 'start' }}>
        <Folders strategyId={strategy.id} folders={strategy.folders} />
        <Snapshots strategyId={strategy.id} />
      </Box>
    </Box>
  );
}

function Folders(props: { strategyId: string; folders: StrategyFolder[] }) {
  const [createFolder] = useCreateStrategyFolderMutation();
  const [deleteFolder] = useDeleteStrategyFolderMutation();
  const [color, setColor] = useState(STRATEGY_FOLDER_DEFAULT_COLOR);
  const [deleting, setDeleting] = useState<StrategyFolder | null>(null);
  const full = props.folders.length >= STRATEGY_LIMITS.foldersPerStrategy;
  return (
    <Section title="Folders" id="strategy-folders">
      {props.folders.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No folders yet: a folder groups this strategy's notes and material.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Folders" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', p: 0, m: 0 }}>
          {props.folders.map((folder) => (
            <Box component="li" key={folder.id} sx={{ listStyle: 'none' }}>
              <Chip
                icon={<FolderOutlinedIcon style={{ color: folder.color }} />}
                label={folder.name}
                variant="outlined"
                onDelete={() => setDeleting(folder)}
                title={`${folder.name}: Delete or Backspace deletes the folder`}
              />
            </Box>
          ))}
        </Box>
      )}
      {!full && (
        <AddForm
          label="Folder name"
          buttonLabel="Add folder"
          maxLength={STRATEGY_TEXT_MAX.folder}
          onAdd={async (name) => {
            await createFolder({ id: props.strategyId, name, color }).unwrap();
          }}
        >
          <TextField
            size="small"
            type="color"
            label="Colour"
            value={color}
            onChange={(e) => setColor(e.target.value.toUpperCase())}
            sx={{ width: 88 }}
          />
        </AddForm>
      )}
      {deleting && (
        <DeleteDialog
          name={deleting.name}
          description="The folder is deleted; the strategy and its approaches stay."
          onClose={() => setDeleting(null)}
          onDelete={() => deleteFolder({ id: props.strategyId, folderId: deleting.id }).unwrap()}
        />
      )}
    </Section>
  );
}

function snapshotName(s: StrategySnapshot, f: ReturnType<typeof useFormatters>): string {
  const what = s.kind === 'chart' && s.symbol ? `${s.symbol}${s.timeframe ? ` ${s.timeframe}` : ''} chart` : 'Snapshot';
  return `${what} of ${f.dateTime(s.created)}`;
}

/** Attaches one of the user's saved charts as a snapshot. */
function AttachChart(props: { strategyId: string }) {
  const charts = useSavedChartsQuery();
  const [attach, state] = useAttachChartSnapshotMutation();
  const [error, setError] = useState<string | null>(null);
  const list = charts.data ?? [];
  if (!charts.isSuccess || list.length === 0) return null;
  return (
    <TextField
      select
      size="small"
      label="Attach a saved chart"
      value=""
      disabled={state.isLoading}
      error={Boolean(error)}
      helperText={error ?? undefined}
      onChange={async (e) => {
        setError(null);
        try {
          await attach({ id: props.strategyId, chartId: e.target.value }).unwrap();
        } catch (failure) {
          setError(failureText(failure, 'The chart could not be attached; try again.'));
        }
      }}
      sx={{ minWidth: 200 }}
    >
      {list.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name} · {c.symbol} {c.timeframe}
        </MenuItem>
      ))}
    </TextField>
  );
}

function Snapshots(props: { strategyId: string }) {
  const query = useStrategySnapshotsQuery(props.strategyId);
  useLoggedFailure(query.error, "The strategy's snapshots");
  const snapshots = listOf(query.data, query.isError);
  const [upload] = useUploadStrategySnapshotMutation();
  const [remove] = useDeleteStrategySnapshotMutation();
  const [deleting, setDeleting] = useState<StrategySnapshot | null>(null);
  const f = useFormatters();
  const full = snapshots.length >= STRATEGY_LIMITS.snapshotsPerStrategy;
  return (
    <Section
      title="Snapshots"
      id="strategy-snapshots"
      action={
        !full && (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <AttachChart strategyId={props.strategyId} />
            <ImageUploadButton
              label="Upload a snapshot"
              onUpload={(file) => upload({ id: props.strategyId, file }).unwrap()}
            />
          </Box>
        )
      }
    >
      {query.isLoading ? (
        <LoadingState label="Loading the snapshots" />
      ) : query.isError ? (
        <ErrorState
          title="The snapshots could not be loaded."
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : snapshots.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No snapshots yet: upload a chart picture (PNG, JPEG, WebP or GIF) of a textbook setup.
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Snapshots"
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
            p: 0,
            m: 0,
          }}
        >
          {snapshots.map((s) => (
            <Box
              component="li"
              key={s.id}
              sx={{ listStyle: 'none', position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              {s.url ? (
                <Box
                  component="a"
                  href={s.url}
                  target="_blank"
                  rel="noreferrer"
                  sx={{ display: 'block', lineHeight: 0 }}
                >
                  <Box
                    component="img"
                    src={s.url}
                    alt={snapshotName(s, f)}
                    loading="lazy"
                    sx={{ width: '100%', height: 110, objectFit: 'cover', borderRadius: 1 }}
                  />
                </Box>
              ) : (
                <Box
                  component={RouterLink}
                  to={s.chartId ? `/chart?chart=${s.chartId}` : '/chart'}
                  sx={{
                    height: 110,
                    display: 'grid',
                    placeItems: 'center',
                    textAlign: 'center',
                    color: 'text.primary',
                    p: 1,
                    bgcolor: 'action.hover',
                    borderRadius: 1,
                  }}
                >
                  <Box>
                    <ShowChartIcon aria-hidden />
                    <Typography variant="body2">
                      {s.symbol ?? 'Saved chart'} {s.timeframe ?? ''}
                    </Typography>
                    <Typography variant="caption">Open on the chart</Typography>
                  </Box>
                </Box>
              )}
              <Typography variant="caption" sx={{ display: 'block', px: 1, py: 0.5, color: 'text.secondary' }}>
                {f.dateTime(s.created)}
              </Typography>
              <Tooltip title="Delete snapshot">
                <IconButton
                  size="small"
                  aria-label={`Delete ${snapshotName(s, f)}`}
                  onClick={() => setDeleting(s)}
                  sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper' }}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          ))}
        </Box>
      )}
      {deleting && (
        <DeleteDialog
          name={snapshotName(deleting, f)}
          description="The snapshot is removed from the strategy."
          onClose={() => setDeleting(null)}
          onDelete={() => remove({ id: props.strategyId, snapshotId: deleting.id }).unwrap()}
        />
      )}
    </Section>
  );
}
