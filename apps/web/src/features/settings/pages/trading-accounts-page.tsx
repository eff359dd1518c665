import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { TradingAccount } from '@tradedesk/contracts';
import { useMemo, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { DataTable } from '../../../shared/data-table/data-table';
import type { DataTableColumn } from '../../../shared/data-table/data-table-types';
import { useFormatters } from '../../../shared/format/format-preferences';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { toast } from '../../../shared/toast/toast';
import {
  openAccountsDialog,
  useArchiveTradingAccountMutation,
  useConnectTradingAccountMutation,
  useDeleteTradingAccountMutation,
  useTradingAccountsQuery,
} from '../../trading';
import { ConfirmDialog } from '../components/confirm-dialog';
import { SettingsSection } from '../components/settings-section';

const STATUS: Record<TradingAccount['status'], string> = {
  connected: 'Connected',
  disconnected: 'Disconnected',
  archived: 'Archived',
};

/** trading_accounts: the user's trading accounts with status, colour, created date and their actions. */
export function TradingAccountsPage() {
  const f = useFormatters();
  const { data, isLoading, isError, isFetching, refetch } = useTradingAccountsQuery('all');
  const [connect] = useConnectTradingAccountMutation();
  const [archive] = useArchiveTradingAccountMutation();
  const [remove] = useDeleteTradingAccountMutation();
  const [confirm, setConfirm] = useState<{ kind: 'archive' | 'delete'; account: TradingAccount } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(work: () => Promise<unknown>, done: string) {
    setError(null);
    try {
      await work();
      toast.success(done);
    } catch (e) {
      setError(isApiError(e) && e.message ? e.message : 'The change was not made. Try again.');
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the mutations' triggers and run (state setters) are stable
  const columns = useMemo<DataTableColumn<TradingAccount>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        width: 200,
        hideable: false,
        value: (a) => a.name,
        render: (a) => (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            <Box
              component="span"
              aria-hidden
              sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: a.color, border: 1, borderColor: 'divider' }}
            />
            {a.name}
            {a.active ? ' (active)' : ''}
          </Box>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        width: 280,
        sortable: false,
        hideable: false,
        value: () => '',
        render: (a) => (
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            {!a.active && (
              <Button
                size="small"
                aria-label={`Switch to ${a.name}`}
                onClick={() => void run(() => connect(a.id).unwrap(), `${a.name} is now your active account.`)}
              >
                Switch to
              </Button>
            )}
            <Button
              size="small"
              aria-label={`Settings of ${a.name}`}
              onClick={() => openAccountsDialog('account_settings', a.id)}
            >
              Settings
            </Button>
            {a.status !== 'archived' && (
              <Button
                size="small"
                aria-label={`Archive ${a.name}`}
                onClick={() => setConfirm({ kind: 'archive', account: a })}
              >
                Archive
              </Button>
            )}
            <Button
              size="small"
              color="error"
              aria-label={`Delete ${a.name}`}
              onClick={() => setConfirm({ kind: 'delete', account: a })}
            >
              Delete
            </Button>
          </Box>
        ),
      },
      { id: 'color', header: 'Colour', width: 100, value: (a) => a.color },
      {
        id: 'platform',
        header: 'Platform',
        width: 110,
        value: (a) => (a.kind === 'virtual' ? 'Virtual' : a.platform.toUpperCase()),
      },
      { id: 'type', header: 'Type', width: 80, value: (a) => (a.type === 'demo' ? 'Demo' : 'Live') },
      { id: 'status', header: 'Status', width: 120, value: (a) => STATUS[a.status] },
      {
        id: 'balance',
        header: 'Balance',
        numeric: true,
        width: 130,
        value: (a) => a.balance,
        format: (a) => f.money(a.balance, a.currency),
      },
      {
        id: 'created',
        header: 'Created',
        width: 130,
        value: (a) => new Date(a.created),
        format: (a) => f.date(a.created),
      },
    ],
    [f],
  );

  const c = confirm;
  return (
    <SettingsSection
      title="Your trading accounts"
      description="Virtual accounts on the simulated market and accounts connected from other platforms."
    >
      {error && (
        <InlineAlert severity="error" sx={{ mt: 0 }}>
          {error}
        </InlineAlert>
      )}
      <DataTable
        label="Trading accounts"
        columns={columns}
        rows={data ?? []}
        getRowId={(a) => a.id}
        status={isLoading ? 'loading' : isError ? 'error' : 'ready'}
        error={{
          title: 'Your trading accounts could not be loaded.',
          onRetry: () => void refetch(),
          retrying: isFetching,
        }}
        empty={{
          title: 'No trading accounts yet.',
          action: (
            <Button variant="outlined" onClick={() => openAccountsDialog('open_account')}>
              Open an account
            </Button>
          ),
        }}
        onRowActivate={(a) => openAccountsDialog('account_settings', a.id)}
        height={420}
        toolbar={
          <Button size="small" variant="contained" onClick={() => openAccountsDialog('add_account')}>
            Add account
          </Button>
        }
      />
      <ConfirmDialog
        open={c !== null}
        title={c ? `${c.kind === 'archive' ? 'Archive' : 'Delete'} ${c.account.name}?` : ''}
        confirmLabel={c?.kind === 'delete' ? 'Delete for good' : 'Archive'}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (!c) return;
          setConfirm(null);
          void run(
            () => (c.kind === 'archive' ? archive(c.account.id).unwrap() : remove(c.account.id).unwrap()),
            `${c.account.name} ${c.kind === 'archive' ? 'archived' : 'deleted'}.`,
          );
        }}
      >
        {c?.kind === 'delete'
          ? 'The account is deleted with all its orders, positions and deals. This cannot be undone.'
          : 'The account is kept read-only with its history and stops being your active account.'}
      </ConfirmDialog>
    </SettingsSection>
  );
}
