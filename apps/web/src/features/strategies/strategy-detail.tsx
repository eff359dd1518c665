import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useFormatters } from '../../shared/format/format-preferences';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { DeleteDialog } from '../charts/workspace/delete-dialog';
import { useDeleteStrategyMutation, useStrategyQuery, useUpdateStrategyMutation } from './strategies-api';
import type { StrategiesTab } from './strategies-page';
import { StrategyDialog } from './strategy-dialog';
import { StrategyOverview } from './strategy-overview';
import { useLoggedFailure } from './use-logged-failure';

// The case studies draw charts (lightweight-charts): loaded when the tab opens.
const CaseStudies = lazy(() => import('./case-studies').then((m) => ({ default: m.CaseStudies })));
// The AI assistant's chat about this strategy: the AI feature's chunk, loaded when the tab opens.
const StrategyAiTab = lazy(() => import('../ai/strategy-ai-tab').then((m) => ({ default: m.StrategyAiTab })));

/** One strategy: its name and description, Edit, Delete, the node editor's link, and its tabs. */
export function StrategyDetail(props: {
  id: string;
  tab: StrategiesTab;
  onTab(tab: StrategiesTab): void;
  onDeleted(): void;
}) {
  const query = useStrategyQuery(props.id);
  useLoggedFailure(query.error, 'The strategy');
  const [updateStrategy] = useUpdateStrategyMutation();
  const [deleteStrategy] = useDeleteStrategyMutation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const f = useFormatters();
  const strategy = query.data;

  if (query.isLoading) return <LoadingState label="Loading the strategy" />;
  if (query.isError || !strategy) {
    const status = (query.error as { status?: number } | undefined)?.status;
    if (status === 404)
      return (
        <EmptyState
          title="This strategy does not exist, or it is not yours."
          description="It may have been deleted. Open another one from the list."
        />
      );
    return (
      <ErrorState
        title="The strategy could not be loaded."
        message={(query.error as { message?: string } | undefined)?.message || undefined}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="strategy-title"
      sx={{ p: { xs: 1.5, md: 2 }, display: 'grid', gap: 1.5, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
          <Typography id="strategy-title" variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
            {strategy.name}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Created {f.date(strategy.created)}
          </Typography>
          {strategy.description ? (
            <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {strategy.description}
            </Typography>
          ) : (
            <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
              No description yet.
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            component={RouterLink}
            to={`/strategies/${strategy.id}/editor`}
            variant="outlined"
            startIcon={<AccountTreeOutlinedIcon />}
          >
            Open node editor
          </Button>
          <Button startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </Box>
      </Box>
      <Tabs value={props.tab} onChange={(_e, t: StrategiesTab) => props.onTab(t)} aria-label="Strategy views">
        <Tab value="overview" label="Overview" id="strategy-tab-overview" aria-controls="strategy-panel" />
        <Tab value="case_studies" label="Case studies" id="strategy-tab-case_studies" aria-controls="strategy-panel" />
        <Tab value="ai_assistant" label="AI assistant" id="strategy-tab-ai_assistant" aria-controls="strategy-panel" />
      </Tabs>
      <Box id="strategy-panel" role="tabpanel" aria-labelledby={`strategy-tab-${props.tab}`} sx={{ minWidth: 0 }}>
        {props.tab === 'overview' ? (
          <StrategyOverview strategy={strategy} />
        ) : props.tab === 'ai_assistant' ? (
          <Suspense fallback={<LoadingState label="Loading the AI assistant" />}>
            <StrategyAiTab key={strategy.id} strategyId={strategy.id} strategyName={strategy.name} />
          </Suspense>
        ) : (
          <Suspense fallback={<LoadingState label="Loading the case studies" />}>
            <CaseStudies strategyId={strategy.id} />
          </Suspense>
        )}
      </Box>
      {editing && (
        <StrategyDialog
          title="Edit strategy"
          submitLabel="Save"
          initial={{ name: strategy.name, description: strategy.description }}
          onClose={() => setEditing(false)}
          onSubmit={async (values) => {
            await updateStrategy({ id: strategy.id, ...values }).unwrap();
          }}
        />
      )}
      {deleting && (
        <DeleteDialog
          name={strategy.name}
          description="The strategy, its approaches, criteria, checklists, images, comments and snapshots are deleted. Trades linked to it in the journal keep their notes but lose the link."
          onClose={() => setDeleting(false)}
          closeOnDone={false}
          onDelete={async () => {
            await deleteStrategy(strategy.id).unwrap();
            props.onDeleted();
          }}
        />
      )}
    </Paper>
  );
}
