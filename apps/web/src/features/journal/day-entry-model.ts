import type {
  JournalAnnotation,
  JournalAnnotationBody,
  JournalDay,
  JournalDayBody,
  JournalImage,
  JournalSnapshot,
  JournalSnapshotBody,
} from '@tradedesk/contracts';

/** What the day's form edits; compared with the saved entry to know whether there is anything to save. */
export type DayDraft = {
  plan: string;
  review: string;
  mood: number | null;
  discipline: number | null;
  tags: string[];
  snapshots: JournalSnapshot[];
};

export type AnnotationDraft = {
  notes: string;
  screenshots: JournalImage[];
  strategyId: string | null;
  approachId: string | null;
  checklistItemIds: string[];
  mistakeIds: string[];
  rating: number | null;
};

export function dayDraftOf(entry: JournalDay | null | undefined): DayDraft {
  return {
    plan: entry?.plan ?? '',
    review: entry?.review ?? '',
    mood: entry?.mood ?? null,
    discipline: entry?.discipline ?? null,
    tags: entry?.tags ?? [],
    snapshots: entry?.snapshots ?? [],
  };
}

export function annotationDraftOf(annotation: JournalAnnotation | null | undefined): AnnotationDraft {
  return {
    notes: annotation?.notes ?? '',
    screenshots: annotation?.screenshots ?? [],
    strategyId: annotation?.strategyId ?? null,
    approachId: annotation?.approachId ?? null,
    checklistItemIds: annotation?.checklistItemIds ?? [],
    mistakeIds: annotation?.mistakeIds ?? [],
    rating: annotation?.rating ?? null,
  };
}

const snapshotKey = (s: JournalSnapshot) =>
  s.kind === 'image' ? `i:${s.image.id}` : `c:${s.chartId}:${s.caption ?? ''}`;
const sameList = <T>(a: readonly T[], b: readonly T[], key: (x: T) => string = String) =>
  a.length === b.length && a.every((x, i) => key(x) === key(b[i] as T));
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Rich text counts as unchanged when only the markup around nothing differs: the editor writes '' for an empty
 * document, the server may answer '<p></p>'.
 */
const textOf = (html: string) => (html.replace(/<p><\/p>/g, '').trim() === '' ? '' : html);

export function dayChanged(draft: DayDraft, saved: DayDraft): boolean {
  return (
    textOf(draft.plan) !== textOf(saved.plan) ||
    textOf(draft.review) !== textOf(saved.review) ||
    draft.mood !== saved.mood ||
    draft.discipline !== saved.discipline ||
    !sameList(draft.tags, saved.tags) ||
    !sameList(draft.snapshots, saved.snapshots, snapshotKey)
  );
}

export function annotationChanged(draft: AnnotationDraft, saved: AnnotationDraft): boolean {
  return (
    textOf(draft.notes) !== textOf(saved.notes) ||
    !sameList(
      draft.screenshots.map((s) => s.id),
      saved.screenshots.map((s) => s.id),
    ) ||
    draft.strategyId !== saved.strategyId ||
    draft.approachId !== saved.approachId ||
    !sameSet(draft.checklistItemIds, saved.checklistItemIds) ||
    !sameSet(draft.mistakeIds, saved.mistakeIds) ||
    draft.rating !== saved.rating
  );
}

function snapshotBody(s: JournalSnapshot): JournalSnapshotBody {
  return s.kind === 'image'
    ? { kind: 'image', image_id: s.image.id }
    : { kind: 'chart', chart_id: s.chartId, ...(s.caption ? { caption: s.caption } : {}) };
}

/** The PUT /journal/days/{date} body of a draft: every field, so the saved entry is exactly what was shown. */
export function dayBody(draft: DayDraft): JournalDayBody {
  return {
    plan: textOf(draft.plan),
    review: textOf(draft.review),
    mood: draft.mood,
    discipline: draft.discipline,
    tags: draft.tags,
    snapshots: draft.snapshots.map(snapshotBody),
  };
}

/** The PUT /journal/trades/{positionId} body of a draft. */
export function annotationBody(draft: AnnotationDraft): JournalAnnotationBody {
  return {
    notes: textOf(draft.notes),
    screenshots: draft.screenshots.map((s) => s.id),
    strategy_id: draft.strategyId,
    approach_id: draft.strategyId ? draft.approachId : null,
    checklist_item_ids: draft.strategyId ? draft.checklistItemIds : [],
    mistake_ids: draft.mistakeIds,
    rating: draft.rating,
  };
}

/** Adds a tag typed by the user: trimmed, at most `max` characters, not twice (whatever the case). */
export function withTag(tags: readonly string[], typed: string, max: number): string[] {
  const tag = typed.trim().replace(/\s+/g, ' ').slice(0, max);
  if (!tag || tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return [...tags];
  return [...tags, tag];
}
