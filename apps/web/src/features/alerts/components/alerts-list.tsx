import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import PauseOutlined from '@mui/icons-material/PauseOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import type { Alert } from '@tradedesk/contracts';
import { findInstrument } from '@tradedesk/core';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../shared/data-table/data-table';
import type { DataTableColumn } from '../../../shared/data-table/data-table-types';
import { useFormatters } from '../../../shared/format/format-preferences';
import { toast } from '../../../shared/toast/toast';
import { ConfirmDialog } from '../../settings/components/confirm-dialog';
import { describeAlert } from '../alert-body';
import { activeChartPrefill, openAlertDialog, openEditAlertDialog } from '../alert-dialog-store';
import { ALERT_TRIGGER_LABELS } from '../alert-form-model';
import { useAlertsQuery, useDeleteAlertMutation, useUpdateAlertMutation } from '../alerts-api';
import { AlertLogDialog } from './alert-log';

export type AlertsFilter = 'active' | 'triggered' | 'all';

const STATUS_LABELS: Record<Alert['status'], string> = {
  active: 'Active',
  paused: 'Paused',
  triggered: 'Triggered',
  expired: 'Expired',
};
const STATUS_COLORS = { active: 'success', paused: 'default', triggered: 'warning', expired: 'default' } as const;

export function filterAlerts(alerts: readonly Alert[], filter: AlertsFilter): Alert[] {
  if (filter === 'all') return [...alerts];
  if (filter === 'active') return alerts.filter((a) => a.status === 'active' || a.status === 'paused');
  return alerts.filter((a) => a.status === 'triggered' || a.status === 'expired');
}

/** The panel's Alerts tab: the user's alerts in the kit's data table, with pause/resume, edit, log and delete. */
export function AlertsList() {
  const f = useFormatters();
  const query = useAlertsQuery();
  const [filter, setFilter] = useState<AlertsFilter>('active');
  const [updateAlert] = useUpdateAlertMutation();
  const [deleteAlert] = useDeleteAlertMutation();
  const [deleting, setDeleting] = useState<Alert | null>(null);
  const [logOf, setLogOf] = useState<Alert | null>(null);

  const rows = useMemo(() => filterAlerts(query.data ?? [], filter), [query.data, filter]);

  const columns = useMemo((): DataTableColumn<Alert>[] => {
    const price = (symbol: string | null) => (n: number) => f.price(n, findInstrument(symbol ?? '')?.digits ?? 5);
    const setStatus = async (alert: Alert, status: 'active' | 'paused') => {
      try {
        await updateAlert({ id: alert.id, body: { status } }).unwrap();
        toast.success(status === 'paused' ? `“${alert.name}” paused.` : `“${alert.name}” resumed.`);
      } catch (error) {
        toast.error((error as { message?: string }).message || 'Try again in a moment.', {
          title: status === 'paused' ? 'The alert was not paused' : 'The alert was not resumed',
        });
      }
    };
    return [
      { id: 'name', header: 'Name', value: (a) => a.name, width: 160, hideable: false },
      { id: 'symbol', header: 'Symbol', value: (a) => a.symbol ?? '', format: (a) => a.symbol ?? '—', width: 80 },
      { id: 'condition', header: 'Condition', value: (a) => describeAlert(a, price(a.symbol)), width: 200 },
      { id: 'trigger', header: 'Trigger', value: (a) => ALERT_TRIGGER_LABELS[a.trigger], width: 110 },
      {
        id: 'status',
        header: 'Status',
        value: (a) => a.status,
        render: (a) => (
          <Chip size="small" label={STATUS_LABELS[a.status]} color={STATUS_COLORS[a.status]} variant="outlined" />
        ),
        width: 100,
      },
      {
        id: 'lastFired',
        header: 'Last fired',
        value: (a) => (a.lastTriggeredAt ? new Date(a.lastTriggeredAt) : null),
        format: (a) => (a.lastTriggeredAt ? f.dateTime(a.lastTriggeredAt) : 'Never'),
        width: 140,
      },
      {
        id: 'expires',
        header: 'Expires',
        value: (a) => (a.expiresAt ? new Date(a.expiresAt) : null),
        format: (a) => (a.expiresAt ? f.dateTime(a.expiresAt) : 'Open-ended'),
        width: 110,
      },
      {
        id: 'actions',
        header: 'Actions',
        headerHidden: true,
        exported: false,
        sortable: false,
        value: () => null,
        width: 140,
        render: (a) => (
          <Stack direction="row">
            {a.status === 'active' ? (
              <Tooltip title="Pause">
                <IconButton size="small" aria-label={`Pause ${a.name}`} onClick={() => void setStatus(a, 'paused')}>
                  <PauseOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : (
              <Tooltip title={a.status === 'paused' ? 'Resume' : 'Re-arm'}>
                <IconButton size="small" aria-label={`Resume ${a.name}`} onClick={() => void setStatus(a, 'active')}>
                  <PlayArrowOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            <Tooltip title="Edit">
              <IconButton size="small" aria-label={`Edit ${a.name}`} onClick={() => openEditAlertDialog(a.id)}>
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Log">
              <IconButton size="small" aria-label={`Log of ${a.name}`} onClick={() => setLogOf(a)}>
                <HistoryOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton size="small" aria-label={`Delete ${a.name}`} onClick={() => setDeleting(a)}>
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        ),
      },
    ];
  }, [f, updateAlert]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Stack direction="row" spacing={1} sx={{ p: 1.5, alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label="Show alerts"
          value={filter}
          onChange={(_e, v: AlertsFilter | null) => v && setFilter(v)}
        >
          <ToggleButton value="active">Active</ToggleButton>
          <ToggleButton value="triggered">Triggered</ToggleButton>
          <ToggleButton value="all">All</ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" size="small" onClick={() => openAlertDialog(activeChartPrefill())}>
          Create alert
        </Button>
      </Stack>
      <Box sx={{ flexGrow: 1, minHeight: 0 }}>
        <DataTable
          label="Alerts"
          columns={columns}
          rows={rows}
          getRowId={(a) => a.id}
          persistKey="alerts"
          exportName="alerts"
          onRowActivate={(a) => openEditAlertDialog(a.id)}
          status={query.isLoading ? 'loading' : query.isError ? 'error' : 'ready'}
          error={{ title: 'Your alerts could not be loaded.', onRetry: query.refetch }}
          empty={{
            title:
              filter === 'triggered'
                ? 'No triggered alerts.'
                : filter === 'active'
                  ? 'No active alerts.'
                  : 'No alerts yet.',
            description: 'Create one here, or right-click a price or a drawing on the chart.',
          }}
        />
      </Box>
      {deleting && (
        <ConfirmDialog
          open
          title={`Delete “${deleting.name}”?`}
          confirmLabel="Delete"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            const alert = deleting;
            setDeleting(null);
            try {
              await deleteAlert(alert.id).unwrap();
              toast.success(`“${alert.name}” deleted.`);
            } catch (error) {
              toast.error((error as { message?: string }).message || 'Try again in a moment.', {
                title: 'The alert was not deleted',
              });
            }
          }}
        >
          It stops watching at once, and its log goes with it.
        </ConfirmDialog>
      )}
      {logOf && <AlertLogDialog alert={logOf} onClose={() => setLogOf(null)} />}
    </Box>
  );
}
