import ContentCopy from '@mui/icons-material/ContentCopy';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Community, type CommunityInvite, INVITE_DEFAULT_HOURS, type ProfileSummary } from '@tradedesk/contracts';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../../shared/data-table/data-table';
import { useFormatters } from '../../../../shared/format/format-preferences';
import { InlineAlert } from '../../../../shared/states/inline-alert';
import { toast } from '../../../../shared/toast/toast';
import { ConfirmDialog } from '../../../settings/components/confirm-dialog';
import { SettingsSection } from '../../../settings/components/settings-section';
import { messageOf, Pager, PersonCell, tableHeight } from '../components/common';
import {
  useSettingsCreateInviteLinkMutation,
  useSettingsInvitePersonMutation,
  useSettingsInvitesQuery,
  useSettingsPeopleSearchQuery,
  useSettingsRevokeInviteMutation,
} from '../settings-api';

const DEBOUNCE_MS = 250;
const LIMIT = 10;
/** How an invite is named in its buttons and the revoke dialog. */
function nameOf(i: CommunityInvite): string {
  return i.invitee ? `the invite of ${i.invitee.displayName}` : 'the invite link';
}

const ownKeys = { onKeyDown: (e: { stopPropagation: () => void }) => e.stopPropagation() };

/** The address that opens an invite (the web's accept page). */
export function inviteUrl(token: string): string {
  return `${window.location.origin}/communities/invite/${encodeURIComponent(token)}`;
}

async function copyLink(token: string) {
  try {
    await navigator.clipboard.writeText(inviteUrl(token));
    toast.success('The invite link was copied.');
  } catch {
    toast.error('The link could not be copied. Select it and copy it by hand.');
  }
}

function InvitePerson(props: { community: Community }) {
  const c = props.community;
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  const [person, setPerson] = useState<ProfileSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const t = setTimeout(() => setTerm(input.trim().replace(/^@+/, '').slice(0, 60)), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [input]);
  const q = useSettingsPeopleSearchQuery(term, { skip: term === '' });
  const [invite, inviting] = useSettingsInvitePersonMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!person) return;
    setError(null);
    const r = await invite({ id: c.id, userId: person.id });
    if ('error' in r) {
      setError(messageOf(r.error, `${person.displayName} was not invited.`));
      return;
    }
    toast.success(`${person.displayName} was invited. They get a notice with the link.`);
    setPerson(null);
    setInput('');
  };
  return (
    <SettingsSection
      title="Invite a person"
      description="They get a notice with a personal link, usable once within 7 days."
    >
      <Box
        component="form"
        aria-label="Invite a person"
        onSubmit={(e) => void submit(e)}
        sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Autocomplete<ProfileSummary, false, false, false>
          sx={{ flex: 1, minWidth: 240, maxWidth: 420 }}
          options={term ? (q.data ?? []) : []}
          filterOptions={(x) => x}
          getOptionLabel={(p) => `${p.displayName} (@${p.username})`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={q.isFetching}
          value={person}
          onChange={(_e, p) => {
            setPerson(p);
            setError(null);
          }}
          // Only typing searches: picking a person fills the box with their name, which is no search.
          onInputChange={(_e, v, reason) => {
            if (reason === 'input' || reason === 'clear') setInput(v);
          }}
          noOptionsText={term ? (q.isError ? 'The search failed.' : 'No one matches.') : 'Type a name or @username.'}
          renderOption={(optionProps, p) => {
            const { key, ...rest } = optionProps as typeof optionProps & { key: string };
            return (
              <Box component="li" key={key} {...rest}>
                <PersonCell person={p} />
              </Box>
            );
          }}
          renderInput={(params) => <TextField {...params} label="Person to invite" placeholder="Name or @username" />}
        />
        <Button type="submit" variant="contained" disabled={!person || inviting.isLoading}>
          Invite
        </Button>
      </Box>
      {error && (
        <InlineAlert severity="error" sx={{ mt: 1.5 }}>
          {error}
        </InlineAlert>
      )}
    </SettingsSection>
  );
}

/** Whole numbers within [min, max], else the message naming the field. */
function wholeIn(value: string, min: number, max: number, what: string): number | string {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < min || n > max) return `${what} must be a whole number from ${min} to ${max}.`;
  return n;
}

function CreateLink(props: { community: Community }) {
  const c = props.community;
  const [hours, setHours] = useState(String(INVITE_DEFAULT_HOURS));
  const [uses, setUses] = useState('1');
  const [errors, setErrors] = useState<{ hours?: string; uses?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<CommunityInvite | null>(null);
  const [create, creating] = useSettingsCreateInviteLinkMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const h = wholeIn(hours, 1, 720, 'Expires after (hours)');
    const u = wholeIn(uses, 1, 100, 'Maximum uses');
    if (typeof h === 'string' || typeof u === 'string') {
      setErrors({ ...(typeof h === 'string' ? { hours: h } : {}), ...(typeof u === 'string' ? { uses: u } : {}) });
      return;
    }
    setErrors({});
    const r = await create({ id: c.id, expiresInHours: h, maxUses: u });
    if ('error' in r) {
      setFormError(messageOf(r.error, 'The invite link was not created.'));
      return;
    }
    setCreated(r.data);
    toast.success('The invite link was created.');
  };
  return (
    <SettingsSection title="Invite link" description="Anyone holding the link may join until it expires or is used up.">
      <Box
        component="form"
        noValidate
        aria-label="Create an invite link"
        onSubmit={(e) => void submit(e)}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label="Expires after (hours)"
          type="number"
          value={hours}
          onChange={(e) => setHours(e.target.value)}
          error={Boolean(errors.hours)}
          helperText={errors.hours ?? '1 to 720 hours.'}
          slotProps={{ htmlInput: { min: 1, max: 720, step: 1 } }}
        />
        <TextField
          size="small"
          label="Maximum uses"
          type="number"
          value={uses}
          onChange={(e) => setUses(e.target.value)}
          error={Boolean(errors.uses)}
          helperText={errors.uses ?? '1 to 100 people.'}
          slotProps={{ htmlInput: { min: 1, max: 100, step: 1 } }}
        />
        <Button type="submit" variant="contained" disabled={creating.isLoading} sx={{ mt: 0.25 }}>
          Create link
        </Button>
      </Box>
      {formError && (
        <InlineAlert severity="error" sx={{ mt: 1.5 }}>
          {formError}
        </InlineAlert>
      )}
      {created && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1.5 }}>
          <TextField
            size="small"
            label="New invite link"
            value={inviteUrl(created.token)}
            fullWidth
            slotProps={{
              htmlInput: { readOnly: true, onFocus: (e: FormEvent<HTMLInputElement>) => e.currentTarget.select() },
            }}
          />
          <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copyLink(created.token)}>
            Copy
          </Button>
        </Box>
      )}
    </SettingsSection>
  );
}

/** The longest a browser timer waits (about 24.8 days); a later expiry is looked at again after that. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Asks for the list again when its first invite expires, so an invite that runs out while the tab is open leaves
 * it (the server lists only invites that still admit someone).
 */
function useRefetchAtExpiry(items: CommunityInvite[] | undefined, refetch: () => unknown) {
  const soonest = useMemo(
    () => (items && items.length > 0 ? Math.min(...items.map((i) => Date.parse(i.expiresAt))) : null),
    [items],
  );
  useEffect(() => {
    if (soonest === null) return;
    // a second late: the server must see it expired too
    const t = setTimeout(() => void refetch(), Math.min(Math.max(soonest - Date.now(), 0) + 1000, MAX_TIMER_MS));
    return () => clearTimeout(t);
  }, [soonest, refetch]);
}

function InviteList(props: { community: Community; myId: string }) {
  const c = props.community;
  const f = useFormatters();
  const canManageMembers = c.myPermissions.includes('manage_members');
  const [page, setPage] = useState(1);
  // Asked afresh whenever the tab opens: invites were used, or their creators lost the right to invite, meanwhile.
  const q = useSettingsInvitesQuery({ id: c.id, page, limit: LIMIT }, { refetchOnMountOrArgChange: true });
  useRefetchAtExpiry(q.data?.items, q.refetch);
  const [revoke, revoking] = useSettingsRevokeInviteMutation();
  const [asked, setAsked] = useState<CommunityInvite | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!asked) return;
    setError(null);
    const r = await revoke({ id: c.id, inviteId: asked.id });
    if ('error' in r) {
      setError(messageOf(r.error, 'The invite was not revoked.'));
      return;
    }
    toast.success('The invite was revoked.');
    setAsked(null);
  };
  const columns = useMemo(
    (): DataTableColumn<CommunityInvite>[] => [
      {
        id: 'invite',
        header: 'Invite',
        width: 240,
        fill: true,
        hideable: false,
        value: (i) => i.invitee?.displayName ?? 'Link',
        render: (i) => (i.invitee ? <PersonCell person={i.invitee} /> : <span>Invite link</span>),
      },
      {
        id: 'by',
        header: 'Created by',
        width: 140,
        value: (i) => i.createdBy.username,
        format: (i) => `@${i.createdBy.username}`,
      },
      {
        id: 'uses',
        header: 'Uses',
        width: 80,
        numeric: true,
        value: (i) => i.uses,
        format: (i) => `${i.uses} / ${i.maxUses}`,
      },
      {
        id: 'expires',
        header: 'Expires',
        width: 180,
        value: (i) => new Date(i.expiresAt),
        format: (i) => f.dateTime(i.expiresAt),
      },
      {
        id: 'actions',
        header: 'Actions',
        headerHidden: true,
        width: 150,
        sortable: false,
        hideable: false,
        exported: false,
        value: () => null,
        render: (i) => (
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
            <Tooltip title="Copy the link">
              <IconButton
                size="small"
                aria-label={`Copy the link of ${nameOf(i)}`}
                onClick={() => void copyLink(i.token)}
                {...ownKeys}
              >
                <ContentCopy fontSize="small" />
              </IconButton>
            </Tooltip>
            {(canManageMembers || i.createdBy.id === props.myId) && (
              <Button
                size="small"
                color="error"
                aria-label={`Revoke ${nameOf(i)}`}
                onClick={() => setAsked(i)}
                {...ownKeys}
              >
                Revoke
              </Button>
            )}
          </Box>
        ),
      },
    ],
    [f, canManageMembers, props.myId],
  );
  const rows = q.data?.items ?? [];
  return (
    <SettingsSection
      title="Active invites"
      description="The invites that still let someone in: not revoked, used up or expired, and made by someone who may still invite."
    >
      <DataTable
        label="Active invites"
        columns={columns}
        rows={rows}
        getRowId={(i) => i.id}
        height={tableHeight(rows.length)}
        status={q.isLoading ? 'loading' : q.isError ? 'error' : 'ready'}
        error={{
          title: 'The invites could not be loaded.',
          message: messageOf(q.error, ''),
          onRetry: () => void q.refetch(),
        }}
        empty={{ title: 'No active invites.', description: 'Invite a person or create a link above.' }}
      />
      {q.data && (
        <Pager label="Active invites" page={page} limit={q.data.limit} total={q.data.total} onPage={setPage} />
      )}
      <ConfirmDialog
        open={asked !== null}
        title="Revoke this invite?"
        confirmLabel="Revoke"
        busy={revoking.isLoading}
        error={error}
        onConfirm={() => void confirm()}
        onClose={() => {
          setAsked(null);
          setError(null);
        }}
      >
        <Typography component="span" variant="body2">
          {asked ? `${nameOf(asked).replace(/^t/, 'T')} stops working at once.` : ''}
        </Typography>
      </ConfirmDialog>
    </SettingsSection>
  );
}

/** Tab Active invites: invite a person, create a link, and the open invites with their uses and expiry. */
export function InvitesTab(props: { community: Community; myId: string }) {
  return (
    <Box>
      <InvitePerson community={props.community} />
      <CreateLink community={props.community} />
      <InviteList community={props.community} myId={props.myId} />
    </Box>
  );
}
