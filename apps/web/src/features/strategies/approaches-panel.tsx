import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Approach, type ApproachStatus, STRATEGY_LIMITS, STRATEGY_TEXT_MAX } from '@tradedesk/contracts';
import { useEffect, useReducer, useState } from 'react';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { ApproachDetail } from './approach-detail';
import {
  APPROACH_STATUSES,
  type ApproachesAction,
  type ApproachesState,
  approachCount,
  approachesReducer,
  emptyApproaches,
  selectedApproach,
} from './approaches-state';
import { AddForm } from './inline-edit';
import { useCreateApproachMutation, useStrategyApproachesQuery } from './strategies-api';
import { Section } from './strategy-overview';
import { useLoggedFailure } from './use-logged-failure';

export const statusLabels: Record<ApproachStatus, string> = {
  entry: 'Entry',
  management: 'Management',
  exit: 'Exit',
};

const reducer = (s: ApproachesState<Approach>, a: ApproachesAction<Approach>) => approachesReducer(s, a);

/**
 * A strategy's approaches in their three groups (entry, management, exit; spec section 4), a form to add one,
 * and the selected approach with its criteria, conditions, checklists, images and comments.
 */
export function ApproachesPanel(props: { strategyId: string }) {
  const query = useStrategyApproachesQuery(props.strategyId);
  useLoggedFailure(query.error, "The strategy's approaches");
  const [state, dispatch] = useReducer(reducer, undefined, () => emptyApproaches<Approach>());
  const [status, setStatus] = useState<ApproachStatus>('entry');
  const [createApproach] = useCreateApproachMutation();

  // Every answer of the list (a fetch, or a change written into the cache) reloads the groups.
  useEffect(() => {
    dispatch({ type: 'loaded', approaches: query.isError ? [] : (query.data ?? []) });
  }, [query.data, query.isError]);

  const selected = selectedApproach(state);
  const count = approachCount(state);

  let body: React.ReactNode;
  if (query.isLoading) body = <LoadingState label="Loading the approaches" />;
  else if (query.isError)
    body = (
      <ErrorState
        title="The approaches could not be loaded."
        message={(query.error as { message?: string } | undefined)?.message || undefined}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  else
    body = (
      <>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
          {APPROACH_STATUSES.map((s) => (
            <Box
              key={s}
              role="group"
              aria-labelledby={`approaches-${s}`}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, minWidth: 0 }}
            >
              <Typography id={`approaches-${s}`} variant="subtitle2" component="h4" sx={{ px: 0.5 }}>
                {statusLabels[s]} ({state.groups[s].length})
              </Typography>
              {state.groups[s].length === 0 ? (
                <Typography variant="body2" sx={{ color: 'text.secondary', px: 0.5, py: 1 }}>
                  No {statusLabels[s].toLowerCase()} approaches yet.
                </Typography>
              ) : (
                <List dense aria-label={`${statusLabels[s]} approaches`}>
                  {state.groups[s].map((a) => (
                    <ListItem key={a.id} disablePadding>
                      <ListItemButton
                        selected={a.id === state.selectedId}
                        aria-pressed={a.id === state.selectedId}
                        onClick={() => dispatch({ type: 'selected', id: a.id === state.selectedId ? null : a.id })}
                        sx={{ borderRadius: 1 }}
                      >
                        <ListItemText
                          primary={a.name}
                          secondary={`${a.criteria.length} ${a.criteria.length === 1 ? 'criterion' : 'criteria'}`}
                          slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
                        />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              )}
            </Box>
          ))}
        </Box>
        {count < STRATEGY_LIMITS.approachesPerStrategy && (
          <AddForm
            label="Approach name"
            buttonLabel="Add approach"
            maxLength={STRATEGY_TEXT_MAX.name}
            onAdd={async (name) => {
              const approach = await createApproach({ id: props.strategyId, name, status }).unwrap();
              dispatch({ type: 'added', approach });
              dispatch({ type: 'selected', id: approach.id });
            }}
          >
            <TextField
              select
              size="small"
              label="Status"
              value={status}
              onChange={(e) => setStatus(e.target.value as ApproachStatus)}
              sx={{ width: 160 }}
            >
              {APPROACH_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {statusLabels[s]}
                </MenuItem>
              ))}
            </TextField>
          </AddForm>
        )}
        {selected ? (
          <ApproachDetail
            key={selected.id}
            strategyId={props.strategyId}
            approach={selected}
            onChanged={(approach) => dispatch({ type: 'updated', approach })}
            onDeleted={(id) => dispatch({ type: 'removed', id })}
          />
        ) : (
          count > 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Select an approach to see and edit its criteria, conditions and checklists.
            </Typography>
          )
        )}
      </>
    );

  return (
    <Section title={`Approaches${count ? ` (${count})` : ''}`} id="strategy-approaches">
      {body}
    </Section>
  );
}
