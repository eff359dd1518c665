import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { APPROACH_STATUSES, type Approach, JOURNAL_SCREENSHOTS_MAX } from '@tradedesk/contracts';
import { useEffect, useId } from 'react';
import { InlineAlert } from '../../shared/states/inline-alert';
import type { AnnotationDraft } from './day-entry-model';
import { JournalImages } from './journal-images';
import { LazyRichTextEditor } from './lazy-rich-text-editor';
import { MistakesPicker } from './mistakes-picker';
import { checklistOf, useJournalApproachOptionsQuery, useJournalStrategyOptionsQuery } from './strategy-options-api';

const statusLabels: Record<Approach['status'], string> = { entry: 'Entry', management: 'Management', exit: 'Exit' };

/**
 * A trade's annotation: the strategy and approach it followed (the user's strategies), the checklist items of that
 * approach it met, its mistakes, a 1-5 rating, notes and screenshots. Edits go to the draft; the day's Save
 * sends them.
 */
export function TradeAnnotationEditor(props: {
  /** "EURUSD long" */
  title: string;
  draft: AnnotationDraft;
  onChange: (patch: Partial<AnnotationDraft>) => void;
}) {
  const { draft, onChange } = props;
  const strategies = useJournalStrategyOptionsQuery();
  const approaches = useJournalApproachOptionsQuery(draft.strategyId ?? '', { skip: !draft.strategyId });
  const approach = approaches.data?.find((a) => a.id === draft.approachId);
  const checklist = checklistOf(approach);
  const ratingId = useId();

  // Spec section 8: a failed strategies fetch is logged and the list comes back empty.
  useEffect(() => {
    if (strategies.isError) console.error('The strategies could not be loaded for the journal.', strategies.error);
  }, [strategies.isError, strategies.error]);

  const strategyList = strategies.data ?? [];
  const knownStrategy = !draft.strategyId || strategyList.some((s) => s.id === draft.strategyId);
  const met = new Set(draft.checklistItemIds);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          select
          size="small"
          label="Strategy"
          value={knownStrategy ? (draft.strategyId ?? '') : ''}
          onChange={(e) => onChange({ strategyId: e.target.value || null, approachId: null, checklistItemIds: [] })}
          helperText={
            strategies.isLoading
              ? 'Loading your strategies…'
              : strategies.isError
                ? undefined
                : strategyList.length === 0
                  ? 'No strategies yet: write one on the Strategies screen.'
                  : undefined
          }
        >
          <MenuItem value="">
            <em>No strategy</em>
          </MenuItem>
          {strategyList.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Approach"
          value={approach ? approach.id : ''}
          disabled={!draft.strategyId || approaches.isLoading}
          onChange={(e) => onChange({ approachId: e.target.value || null, checklistItemIds: [] })}
          helperText={
            draft.strategyId && approaches.data?.length === 0 ? 'This strategy has no approaches yet.' : undefined
          }
        >
          <MenuItem value="">
            <em>No approach</em>
          </MenuItem>
          {/* Grouped by status (entry, management, exit), the status in each option's name. */}
          {APPROACH_STATUSES.flatMap((status) =>
            (approaches.data ?? [])
              .filter((a) => a.status === status)
              .map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {statusLabels[status]} · {a.name}
                </MenuItem>
              )),
          )}
        </TextField>
      </Box>
      {strategies.isError && (
        <InlineAlert
          severity="error"
          sx={{ my: 0 }}
          action={
            <Button size="small" onClick={() => strategies.refetch()}>
              Try again
            </Button>
          }
        >
          Your strategies could not be loaded, so none can be picked.
        </InlineAlert>
      )}
      {approaches.isError && (
        <InlineAlert
          severity="error"
          sx={{ my: 0 }}
          action={
            <Button size="small" onClick={() => approaches.refetch()}>
              Try again
            </Button>
          }
        >
          The approaches of this strategy could not be loaded.
        </InlineAlert>
      )}
      {approach && (
        <Box component="section" aria-label="Checklist">
          <Typography component="h4" variant="subtitle2">
            Checklist{' '}
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              {checklist.length ? `${checklist.filter((c) => met.has(c.id)).length} of ${checklist.length} met` : ''}
            </Box>
          </Typography>
          {checklist.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {approach.name} has no checklist items.
            </Typography>
          ) : (
            <FormGroup>
              {checklist.map((item) => (
                <FormControlLabel
                  key={item.id}
                  control={
                    <Checkbox
                      size="small"
                      checked={met.has(item.id)}
                      onChange={(e) =>
                        onChange({
                          checklistItemIds: e.target.checked
                            ? [...draft.checklistItemIds, item.id]
                            : draft.checklistItemIds.filter((id) => id !== item.id),
                        })
                      }
                    />
                  }
                  label={
                    <span>
                      {item.text}
                      <Box component="span" sx={{ color: 'text.secondary', fontSize: 12, ml: 1 }}>
                        {item.condition}
                      </Box>
                    </span>
                  }
                />
              ))}
            </FormGroup>
          )}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Typography id={ratingId} component="h4" variant="subtitle2">
          Rating
        </Typography>
        <Rating
          name={`rating-${ratingId}`}
          value={draft.rating}
          onChange={(_e, value) => onChange({ rating: value })}
          aria-labelledby={ratingId}
          getLabelText={(v) => `${v} of 5`}
        />
        {draft.rating !== null && (
          <Button size="small" onClick={() => onChange({ rating: null })}>
            Clear
          </Button>
        )}
      </Box>
      <MistakesPicker selected={draft.mistakeIds} onChange={(mistakeIds) => onChange({ mistakeIds })} />
      <Box>
        <Typography component="h4" variant="subtitle2" sx={{ mb: 0.5 }}>
          Notes
        </Typography>
        <LazyRichTextEditor
          label={`Notes on ${props.title}`}
          value={draft.notes}
          onChange={(notes) => onChange({ notes })}
          minHeight={72}
        />
      </Box>
      <JournalImages
        label="Screenshots"
        max={JOURNAL_SCREENSHOTS_MAX}
        items={draft.screenshots.map((image, i) => ({
          key: image.id,
          kind: 'image',
          image,
          label: `Screenshot ${i + 1}`,
        }))}
        onAdd={(image) => onChange({ screenshots: [...draft.screenshots, image] })}
        onRemove={(key) => onChange({ screenshots: draft.screenshots.filter((s) => s.id !== key) })}
      />
    </Box>
  );
}
