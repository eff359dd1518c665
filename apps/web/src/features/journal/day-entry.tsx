import CloseIcon from '@mui/icons-material/Close';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  JOURNAL_SNAPSHOTS_MAX,
  JOURNAL_TAG_MAX_LENGTH,
  JOURNAL_TAGS_MAX,
  type JournalDayView,
  type JournalSnapshot,
} from '@tradedesk/contracts';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { isApiError } from '../../shared/api/api-error';
import { useFormatters } from '../../shared/format/format-preferences';
import { ErrorState } from '../../shared/states/error-state';
import { InlineAlert } from '../../shared/states/inline-alert';
import { LoadingState } from '../../shared/states/loading-state';
import {
  type AnnotationDraft,
  annotationBody,
  annotationChanged,
  annotationDraftOf,
  type DayDraft,
  dayBody,
  dayChanged,
  dayDraftOf,
  withTag,
} from './day-entry-model';
import { DayTrades } from './day-trades';
import { useJournalDayQuery, useSaveJournalDayMutation, useSaveTradeAnnotationMutation } from './journal-api';
import { dayTitle } from './journal-calendar';
import { type ImageItem, JournalImages } from './journal-images';
import { sumByCurrency } from './journal-money';
import { LazyRichTextEditor } from './lazy-rich-text-editor';
import { moodIcons, moodName } from './mood';

const snapshotKey = (s: JournalSnapshot) => (s.kind === 'image' ? s.image.id : `chart-${s.chartId}`);
const errorText = (e: unknown, fallback: string) => (isApiError(e) && e.message ? e.message : fallback);

/**
 * A day's journal entry: the pre-session plan and post-session review (rich text), mood and discipline, tags,
 * chart snapshots, and every trade of the day with its annotation. Edits are drafts until Save (or Ctrl+S), which
 * sends the day and each changed trade; `onDirtyChange` lets the page hold back navigation while anything is
 * unsaved.
 */
export function DayEntry(props: {
  date: string;
  accountIds: string[];
  onClose: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { date, accountIds, onDirtyChange } = props;
  const f = useFormatters();
  const query = useJournalDayQuery({ date, accountIds });
  const [saveDay, daySaving] = useSaveJournalDayMutation();
  const [saveAnnotation, annotationSaving] = useSaveTradeAnnotationMutation();
  const [dayDraft, setDayDraft] = useState<DayDraft | null>(null);
  const [tradeDrafts, setTradeDrafts] = useState<Record<string, AnnotationDraft>>({});
  const [openTrade, setOpenTrade] = useState<string | null>(null);
  const [saveError, setSaveError] = useState('');
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const titleId = useId();
  const moodId = useId();
  const disciplineId = useId();

  const view = query.data;
  const savedDay = useMemo(() => dayDraftOf(view?.entry), [view?.entry]);
  const day = dayDraft ?? savedDay;
  const dayDirty = dayDraft !== null && dayChanged(dayDraft, savedDay);
  const dirtyTrades = useMemo(
    () =>
      (view?.trades ?? []).filter((t) => {
        const d = tradeDrafts[t.positionId];
        return d !== undefined && annotationChanged(d, annotationDraftOf(t.annotation));
      }),
    [view?.trades, tradeDrafts],
  );
  const dirty = dayDirty || dirtyTrades.length > 0;
  const saving = daySaving.isLoading || annotationSaving.isLoading;

  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const editDay = (patch: Partial<DayDraft>) => {
    setSaveError('');
    setDayDraft((d) => ({ ...(d ?? savedDay), ...patch }));
  };
  const editTrade = useCallback(
    (positionId: string, patch: Partial<AnnotationDraft>) => {
      setSaveError('');
      setTradeDrafts((drafts) => {
        const trade = view?.trades.find((t) => t.positionId === positionId);
        const base = drafts[positionId] ?? annotationDraftOf(trade?.annotation);
        return { ...drafts, [positionId]: { ...base, ...patch } };
      });
    },
    [view?.trades],
  );

  const save = useCallback(async () => {
    if (!dirty || saving) return;
    setSaveError('');
    try {
      if (dayDirty && dayDraft) {
        const saved: JournalDayView = await saveDay({ date, accountIds, body: dayBody(dayDraft) }).unwrap();
        // What the server kept (it cleans the rich text) becomes the draft, so nothing shows as changed.
        setDayDraft(dayDraftOf(saved.entry));
      }
      for (const trade of dirtyTrades) {
        const draft = tradeDrafts[trade.positionId];
        if (!draft) continue;
        try {
          const saved = await saveAnnotation({
            date,
            accountIds,
            positionId: trade.positionId,
            body: annotationBody(draft),
          }).unwrap();
          setTradeDrafts((drafts) => ({ ...drafts, [trade.positionId]: annotationDraftOf(saved.annotation) }));
        } catch (e) {
          throw new Error(
            `The journal of the ${trade.symbol} trade closed at ${f.time(trade.closedAt)} was not saved: ${errorText(e, 'try again.')}`,
          );
        }
      }
      setSavedAt(new Date().toISOString());
    } catch (e) {
      setSaveError(
        e instanceof Error && !isApiError(e)
          ? e.message
          : `The day was not saved: ${errorText(e, 'the server could not be reached. Try again.')}`,
      );
    }
  }, [dirty, saving, dayDirty, dayDraft, dirtyTrades, tradeDrafts, saveDay, saveAnnotation, date, accountIds, f]);

  // Ctrl+S / Cmd+S saves while the entry is open.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void save();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [save]);

  const title = dayTitle(date, f.preferences.locale);
  const totals = sumByCurrency((view?.trades ?? []).map((t) => ({ currency: t.currency, net: t.net })));
  const wins = (view?.trades ?? []).filter((t) => Number(t.net) > 0).length;

  let body: React.ReactNode;
  if (query.isLoading || (query.isFetching && !view)) {
    body = <LoadingState label={`Loading ${title}`} />;
  } else if (query.isError || !view) {
    body = (
      <ErrorState
        title={`${title} could not be loaded.`}
        message={errorText(query.error, '')}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else {
    const snapshots: ImageItem[] = day.snapshots.map((s, i) =>
      s.kind === 'image'
        ? { key: snapshotKey(s), kind: 'image', image: s.image, label: `Chart snapshot ${i + 1}` }
        : {
            key: snapshotKey(s),
            kind: 'chart',
            label: s.symbol ? `Saved chart ${s.symbol} ${s.timeframe ?? ''}`.trim() : 'A deleted chart',
          },
    );
    body = (
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <Box
          role="group"
          aria-label="Day summary"
          sx={{ display: 'flex', gap: 2, alignItems: 'baseline', flexWrap: 'wrap', fontSize: 14 }}
        >
          {view.trades.length > 0 ? (
            <>
              {totals.map((t) => (
                <Box key={t.currency} component="span" sx={{ fontWeight: 600 }}>
                  <Box
                    component="span"
                    sx={{
                      color: f.pnlColor(f.pnl(Number(t.net), t.currency).direction),
                      fontVariantNumeric: 'tabular-nums',
                    }}
                  >
                    {f.pnl(Number(t.net), t.currency).text}
                  </Box>
                </Box>
              ))}
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {view.trades.length} trade{view.trades.length === 1 ? '' : 's'}, {wins} won
              </Box>
            </>
          ) : (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              No trades
            </Box>
          )}
          {view.accounts.length > 0 && (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              · {view.accounts.map((a) => a.name).join(', ')}
            </Box>
          )}
        </Box>

        <Box component="section" aria-label="Pre-session plan">
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
            Pre-session plan
          </Typography>
          <LazyRichTextEditor
            label="Pre-session plan"
            value={day.plan}
            onChange={(plan) => editDay({ plan })}
            placeholder="Levels, news, what you will and will not trade…"
          />
        </Box>
        <Box component="section" aria-label="Post-session review">
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
            Post-session review
          </Typography>
          <LazyRichTextEditor
            label="Post-session review"
            value={day.review}
            onChange={(review) => editDay({ review })}
            placeholder="What went well, what did not, what to change tomorrow…"
          />
        </Box>

        <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', alignItems: 'center' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography id={moodId} component="h3" variant="subtitle2">
              Mood
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              aria-labelledby={moodId}
              value={day.mood}
              onChange={(_e, mood: number | null) => editDay({ mood })}
            >
              {moodIcons.map((Icon, i) => (
                <ToggleButton key={moodName(i + 1)} value={i + 1} aria-label={moodName(i + 1)}>
                  <Tooltip title={moodName(i + 1)}>
                    <Icon fontSize="small" />
                  </Tooltip>
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography id={disciplineId} component="h3" variant="subtitle2">
              Discipline
            </Typography>
            <Rating
              name={`discipline-${date}`}
              value={day.discipline}
              onChange={(_e, discipline) => editDay({ discipline })}
              getLabelText={(v) => `Discipline ${v} of 5`}
            />
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {day.discipline ? `${day.discipline} of 5` : 'not rated'}
            </Typography>
          </Box>
        </Box>

        <Autocomplete
          multiple
          freeSolo
          options={[]}
          value={day.tags}
          onChange={(_e, tags) =>
            editDay({
              tags: (tags as string[])
                .reduce<string[]>((acc, t) => withTag(acc, t, JOURNAL_TAG_MAX_LENGTH), [])
                .slice(0, JOURNAL_TAGS_MAX),
            })
          }
          renderValue={(tags, getItemProps) =>
            tags.map((tag, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} size="small" label={tag} {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label="Tags"
              placeholder={day.tags.length ? '' : 'Type a tag and press Enter'}
              helperText={`Up to ${JOURNAL_TAGS_MAX} tags.`}
            />
          )}
        />

        <JournalImages
          label="Chart snapshots"
          max={JOURNAL_SNAPSHOTS_MAX}
          items={snapshots}
          onAdd={(image) => editDay({ snapshots: [...day.snapshots, { kind: 'image', image }] })}
          onRemove={(key) => editDay({ snapshots: day.snapshots.filter((s) => snapshotKey(s) !== key) })}
        />

        <Divider />
        <Box component="section" aria-label="Trades">
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            Trades
          </Typography>
          <DayTrades
            trades={view.trades}
            accounts={view.accounts}
            drafts={tradeDrafts}
            open={openTrade}
            onOpen={setOpenTrade}
            onChange={editTrade}
          />
        </Box>
      </Box>
    );
  }

  return (
    <Box component="article" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Box
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 2,
          bgcolor: 'background.paper',
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1.25,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id={titleId} component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }} role="status">
          {saving ? 'Saving…' : dirty ? 'Unsaved changes' : savedAt ? 'Saved' : ''}
        </Typography>
        <Tooltip title="Save (Ctrl+S)">
          <span>
            <Button variant="contained" size="small" disabled={!dirty || saving || !view} onClick={() => void save()}>
              Save
            </Button>
          </span>
        </Tooltip>
        <IconButton aria-label="Close the day" onClick={props.onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
        {saveError && (
          <InlineAlert severity="error" sx={{ my: 0 }}>
            {saveError}
          </InlineAlert>
        )}
        {body}
      </Box>
    </Box>
  );
}
