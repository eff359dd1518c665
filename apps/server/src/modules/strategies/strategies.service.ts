import { randomBytes } from 'node:crypto';
import {
  type Approach,
  type ChartTimeframe,
  type CommentBody,
  type ConditionBody,
  type CreateApproachBody,
  type CreateChartSnapshotBody,
  type CreateChecklistItemBody,
  type CreateStrategyBody,
  type CreateStrategyFolderBody,
  type CriterionBody,
  STRATEGY_FOLDER_DEFAULT_COLOR,
  STRATEGY_IMAGE_MAX_DIMENSION,
  STRATEGY_LIMITS,
  type Strategy,
  type StrategyLabelKind,
  type StrategyList,
  type StrategyListQuery,
  type StrategySnapshot,
  strategyImageTypes,
  strategyLabelValueSchemas,
  type UpdateApproachBody,
  type UpdateChecklistItemBody,
  type UpdateStrategyBody,
} from '@tradedesk/contracts';
import { findIndicator, findInstrument } from '@tradedesk/core';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { FileStorage } from '../../platform/storage/storage.js';
import type { PlanGate } from '../billing/entitlements/entitlements.js';
import { approachNotFound, itemNotFound, limitReached, strategyError, strategyNotFound } from './strategies.errors.js';
import type { ApproachTree, StrategiesRepository, StrategyQueries } from './strategies.repository.js';
import type {
  StrategyApproachRow,
  StrategyConditionRow,
  StrategyCriterionRow,
  StrategyRow,
  StrategySnapshotRow,
} from './strategies.table.js';

export type StrategyLimits = { [K in keyof typeof STRATEGY_LIMITS]: number };

/** What the strategies need of the charts module: the caller's saved chart (a 404 AppError when not theirs). */
export type ChartLookup = { get(userId: string, id: string): Promise<{ symbol: string; timeframe: string }> };

type Labels = Pick<StrategyRow, 'tags' | 'symbols' | 'timeframes' | 'indicators'>;
const listOf = { tag: 'tags', symbol: 'symbols', timeframe: 'timeframes', indicator: 'indicators' } as const;
const kindName = { tag: 'tag', symbol: 'symbol', timeframe: 'timeframe', indicator: 'indicator' } as const;
const acceptedTypes = new Set<string>(strategyImageTypes);

const iso = (d: Date) => d.toISOString();

function toSnapshot(row: StrategySnapshotRow, storage: FileStorage): StrategySnapshot {
  return {
    id: row.id,
    kind: row.kind,
    url: row.fileKey ? storage.url(row.fileKey) : null,
    contentType: row.contentType,
    width: row.width,
    height: row.height,
    chartId: row.chartId,
    symbol: row.symbol,
    timeframe: row.timeframe as ChartTimeframe | null,
    created: iso(row.createdAt),
  };
}

/**
 * The label value of a kind as stored: a tag as typed (trimmed), a catalogue ticker upper-cased, a timeframe of
 * the chart timeframes, an indicator's catalogue id ("RSI" is stored as "rsi"). A 400 naming `value` otherwise.
 */
export function labelValue(kind: StrategyLabelKind, raw: string): string {
  const parsed = strategyLabelValueSchemas[kind].safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? `The ${kind} is not valid.`;
    throw strategyError.onField('value', 'STRATEGY_INVALID_FIELD', message);
  }
  const value = parsed.data;
  if (kind === 'symbol' && !findInstrument(value)) {
    throw strategyError.onField(
      'value',
      'STRATEGY_INVALID_FIELD',
      `Symbol "${value}" is not an instrument of the catalogue; search the symbols for one.`,
    );
  }
  if (kind === 'indicator') {
    const entry = findIndicator(value);
    if (!entry) {
      throw strategyError.onField(
        'value',
        'STRATEGY_INVALID_FIELD',
        `Indicator "${value}" is not an indicator of the catalogue.`,
      );
    }
    return entry.definition.id;
  }
  return value;
}

/**
 * Strategies, their approaches and everything below: ownership (another user's id, or an id under the wrong
 * parent, is answered 404), catalogue checks of symbols, timeframes and indicators, limits per level, and the
 * images in the file storage (type read from the bytes). Every change runs in one transaction that holds the
 * user's lock, so counted limits and checklist positions hold under concurrent requests.
 */
export function createStrategiesService(deps: {
  repo: StrategiesRepository;
  clock: Clock;
  storage: FileStorage;
  charts: ChartLookup;
  limits?: Partial<StrategyLimits>;
  onCleanupError?: (error: unknown, key: string) => void;
  /** The plan's strategies (billing); absent in tests of the rules alone. */
  entitlements?: PlanGate;
}) {
  const { repo, clock, storage, charts } = deps;
  const limits: StrategyLimits = { ...STRATEGY_LIMITS, ...deps.limits };

  async function removeFiles(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await storage.delete(key);
      } catch (error) {
        // The rows are gone already; an orphaned file is harmless and must not fail the request.
        deps.onCleanupError?.(error, key);
      }
    }
  }

  function change<T>(userId: string, fn: (q: StrategyQueries) => Promise<T>): Promise<T> {
    return repo.transaction(async (q) => {
      await q.lockUser(userId);
      return fn(q);
    });
  }

  /**
   * A change of the strategy `strategyId` or of anything below it: refused with 423 while the strategy is past
   * the plan's strategies limit (after a downgrade; the plan is read before the transaction).
   */
  async function edit<T>(userId: string, strategyId: string, fn: (q: StrategyQueries) => Promise<T>): Promise<T> {
    await deps.entitlements?.assertEditable(userId, 'strategies', strategyId, () => repo.countedStrategies(userId));
    return change(userId, fn);
  }

  async function strategyOf(q: StrategyQueries, userId: string, id: string): Promise<StrategyRow> {
    const row = await q.findStrategy(userId, id);
    if (!row) throw strategyNotFound();
    return row;
  }

  async function approachOf(
    q: StrategyQueries,
    userId: string,
    p: { id: string; approachId: string },
  ): Promise<StrategyApproachRow> {
    const row = await q.findApproach(userId, p.id, p.approachId);
    if (row) return row;
    await strategyOf(q, userId, p.id);
    throw approachNotFound();
  }

  async function criterionOf(
    q: StrategyQueries,
    userId: string,
    p: { id: string; approachId: string; criteriaId: string },
  ): Promise<{ approach: StrategyApproachRow; criterion: StrategyCriterionRow }> {
    const approach = await approachOf(q, userId, p);
    const criterion = await q.findCriterion(approach.id, p.criteriaId);
    if (!criterion) throw itemNotFound('This approach has no criterion with this id.');
    return { approach, criterion };
  }

  async function conditionOf(
    q: StrategyQueries,
    userId: string,
    p: { id: string; approachId: string; criteriaId: string; conditionId: string },
  ): Promise<{ approach: StrategyApproachRow; condition: StrategyConditionRow }> {
    const { approach, criterion } = await criterionOf(q, userId, p);
    const condition = await q.findCondition(criterion.id, p.conditionId);
    if (!condition) throw itemNotFound('This criterion has no condition with this id.');
    return { approach, condition };
  }

  async function strategiesOut(q: StrategyQueries, rows: StrategyRow[]): Promise<Strategy[]> {
    const parts = await q.strategyParts(rows.map((r) => r.id));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      created: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      tags: row.tags,
      symbols: row.symbols,
      timeframes: row.timeframes as ChartTimeframe[],
      indicators: row.indicators,
      snapshots: parts.snapshots.filter((s) => s.strategyId === row.id).map((s) => toSnapshot(s, storage)),
      folders: parts.folders
        .filter((f) => f.strategyId === row.id)
        .map((f) => ({ id: f.id, name: f.name, color: f.color, created: iso(f.createdAt) })),
      graph: row.graph ?? null,
      approaches: parts.approaches.get(row.id) ?? 0,
    }));
  }

  async function strategyOut(q: StrategyQueries, userId: string, id: string): Promise<Strategy> {
    const [out] = await strategiesOut(q, [await strategyOf(q, userId, id)]);
    if (!out) throw strategyNotFound();
    return out;
  }

  function toApproach(tree: ApproachTree): Approach {
    const { approach } = tree;
    return {
      id: approach.id,
      strategyId: approach.strategyId,
      name: approach.name,
      description: approach.description,
      status: approach.status,
      tags: approach.tags,
      symbols: approach.symbols,
      timeframes: approach.timeframes as ChartTimeframe[],
      indicators: approach.indicators,
      criteria: tree.criteria.map((criterion) => ({
        id: criterion.id,
        name: criterion.name,
        conditions: tree.conditions
          .filter((c) => c.criterionId === criterion.id)
          .map((condition) => ({
            id: condition.id,
            text: condition.text,
            checklist: tree.checklist
              .filter((i) => i.conditionId === condition.id)
              .map((i) => ({ id: i.id, text: i.text, order: i.position })),
            images: tree.images
              .filter((i) => i.conditionId === condition.id)
              .map((i) => ({
                id: i.id,
                url: storage.url(i.fileKey),
                contentType: i.contentType,
                width: i.width,
                height: i.height,
              })),
            comments: tree.comments
              .filter((c) => c.conditionId === condition.id)
              .map((c) => ({ id: c.id, text: c.text, created: iso(c.createdAt) })),
          })),
      })),
      created: iso(approach.createdAt),
      updatedAt: iso(approach.updatedAt),
    };
  }

  /** Marks the approach changed and answers it as it is now. */
  async function approachOut(q: StrategyQueries, approach: StrategyApproachRow, touch = true): Promise<Approach> {
    const current = touch ? { ...approach, updatedAt: clock.now() } : approach;
    if (touch) await q.updateApproach(approach.id, { updatedAt: current.updatedAt });
    const [tree] = await q.trees([current]);
    if (!tree) throw approachNotFound();
    return toApproach(tree);
  }

  /** Checks an uploaded image by its bytes and stores it; answers its key, type and size. */
  async function storeImage(
    folder: string,
    data: Buffer,
  ): Promise<{ key: string; contentType: string; width: number; height: number }> {
    const type = await fileTypeFromBuffer(data);
    if (!type || !acceptedTypes.has(type.mime)) {
      throw strategyError.onField('file', 'STRATEGY_UPLOAD_TYPE', 'The file must be a PNG, JPEG, WebP or GIF image.');
    }
    let size: { width: number; height: number };
    try {
      // A copy with a buffer of its own: image-size reads through a DataView of the whole underlying buffer.
      size = imageSize(new Uint8Array(data));
    } catch {
      throw strategyError.onField(
        'file',
        'STRATEGY_UPLOAD_UNREADABLE',
        'The image could not be read: its header is damaged.',
      );
    }
    if (!(size.width > 0 && size.height > 0)) {
      throw strategyError.onField('file', 'STRATEGY_UPLOAD_UNREADABLE', 'The image could not be read: it has no size.');
    }
    const max = STRATEGY_IMAGE_MAX_DIMENSION;
    if (size.width > max || size.height > max) {
      throw strategyError.onField(
        'file',
        'STRATEGY_UPLOAD_DIMENSIONS',
        `The image is ${size.width} x ${size.height} pixels; it may be at most ${max} x ${max} pixels.`,
      );
    }
    const key = `${folder}/${randomBytes(16).toString('hex')}.${type.ext}`;
    await storage.put(key, data, type.mime);
    return { key, contentType: type.mime, width: size.width, height: size.height };
  }

  /** Runs `fn` with a stored image; the file is deleted again when `fn` fails. */
  async function withImage<T>(
    folder: string,
    data: Buffer,
    fn: (image: Awaited<ReturnType<typeof storeImage>>) => Promise<T>,
  ) {
    const image = await storeImage(folder, data);
    try {
      return await fn(image);
    } catch (error) {
      await removeFiles([image.key]);
      throw error;
    }
  }

  function addLabel(owner: 'strategy' | 'approach', current: Labels, kind: StrategyLabelKind, raw: string) {
    const value = labelValue(kind, raw);
    const list = current[listOf[kind]];
    if (list.includes(value)) {
      throw strategyError.onField(
        'value',
        'STRATEGY_DUPLICATE',
        `${value} is already a ${kindName[kind]} of this ${owner}.`,
      );
    }
    if (list.length >= limits.labelsPerList) {
      throw limitReached(
        `A${owner === 'approach' ? 'n' : ''} ${owner} has at most ${limits.labelsPerList} ${listOf[kind]}; remove one first.`,
      );
    }
    return { [listOf[kind]]: [...list, value] } as Partial<Labels>;
  }

  function removeLabel(owner: 'strategy' | 'approach', current: Labels, kind: StrategyLabelKind, raw: string) {
    const list = current[listOf[kind]];
    const trimmed = raw.trim();
    const wanted =
      kind === 'symbol'
        ? trimmed.toUpperCase()
        : kind === 'indicator'
          ? (findIndicator(trimmed)?.definition.id ?? trimmed)
          : trimmed;
    if (!list.includes(wanted)) {
      throw itemNotFound(`This ${owner} has no ${kindName[kind]} "${wanted}".`);
    }
    return { [listOf[kind]]: list.filter((v) => v !== wanted) } as Partial<Labels>;
  }

  /** Puts item `id` at `index` (clamped) of the checklist and writes the positions that changed. */
  async function placeChecklist(q: StrategyQueries, conditionId: string, id: string, index: number | undefined) {
    const items = await q.checklist(conditionId);
    const moving = items.find((i) => i.id === id);
    const rest = items.filter((i) => i.id !== id);
    const at = Math.min(index ?? rest.length, rest.length);
    const ordered = moving ? [...rest.slice(0, at), moving, ...rest.slice(at)] : rest;
    for (const [position, item] of ordered.entries()) {
      if (item.position !== position) await q.updateChecklistItem(item.id, { position });
    }
  }

  type ConditionPath = { id: string; approachId: string; criteriaId: string; conditionId: string };

  return {
    // ---- strategies ------------------------------------------------------------------------------

    async list(userId: string, query: StrategyListQuery): Promise<StrategyList> {
      const offset = (query.page - 1) * query.limit;
      const [total, rows] = await Promise.all([
        repo.countStrategies(userId),
        repo.listStrategies(userId, offset, query.limit),
      ]);
      const items = await strategiesOut(repo, rows);
      return { ids: items.map((s) => s.id), items, total, page: query.page, limit: query.limit };
    },

    async get(userId: string, id: string): Promise<Strategy> {
      return strategyOut(repo, userId, id);
    },

    async create(userId: string, body: CreateStrategyBody): Promise<Strategy> {
      // the catalogue is read outside the user's transaction, the count inside it
      const gate = await deps.entitlements?.gate(userId, 'strategies');
      return change(userId, async (q) => {
        if (gate) await q.holdPlanLimit(gate, userId);
        if ((await q.countStrategies(userId)) >= limits.strategiesPerUser) {
          throw limitReached(
            `You have ${limits.strategiesPerUser} strategies, the most there can be; delete one first.`,
          );
        }
        const now = clock.now();
        const id = newId();
        await q.insertStrategy({
          id,
          userId,
          name: body.name,
          description: body.description ?? '',
          tags: [],
          symbols: [],
          timeframes: [],
          indicators: [],
          graph: body.graph ?? null,
          createdAt: now,
          updatedAt: now,
        });
        return strategyOut(q, userId, id);
      });
    },

    async update(userId: string, id: string, body: UpdateStrategyBody): Promise<Strategy> {
      return edit(userId, id, async (q) => {
        await strategyOf(q, userId, id);
        await q.updateStrategy(userId, id, {
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.description === undefined ? {} : { description: body.description }),
          ...(body.graph === undefined ? {} : { graph: body.graph }),
          updatedAt: clock.now(),
        });
        return strategyOut(q, userId, id);
      });
    },

    async remove(userId: string, id: string): Promise<void> {
      const keys = await change(userId, async (q) => {
        await strategyOf(q, userId, id);
        const files = await q.strategyFileKeys(id);
        await q.deleteStrategy(userId, id);
        return files;
      });
      await removeFiles(keys);
    },

    async addLabel(userId: string, id: string, kind: StrategyLabelKind, value: string): Promise<Strategy> {
      return edit(userId, id, async (q) => {
        const row = await strategyOf(q, userId, id);
        await q.updateStrategy(userId, id, { ...addLabel('strategy', row, kind, value), updatedAt: clock.now() });
        return strategyOut(q, userId, id);
      });
    },

    async removeLabel(userId: string, id: string, kind: StrategyLabelKind, value: string): Promise<Strategy> {
      return edit(userId, id, async (q) => {
        const row = await strategyOf(q, userId, id);
        await q.updateStrategy(userId, id, { ...removeLabel('strategy', row, kind, value), updatedAt: clock.now() });
        return strategyOut(q, userId, id);
      });
    },

    // ---- snapshots and folders ---------------------------------------------------------------------

    async snapshots(userId: string, id: string): Promise<StrategySnapshot[]> {
      return (await strategyOut(repo, userId, id)).snapshots;
    },

    /** A snapshot of a saved chart of the caller, with the chart's symbol and timeframe unless others are given. */
    async addChartSnapshot(userId: string, id: string, body: CreateChartSnapshotBody): Promise<Strategy> {
      let chart: { symbol: string; timeframe: string };
      try {
        chart = await charts.get(userId, body.chart_id);
      } catch (error) {
        if (error instanceof AppError && error.category === 'not_found') {
          throw strategyError.onField(
            'chart_id',
            'STRATEGY_ITEM_NOT_FOUND',
            'No chart of yours has the id given in chart_id.',
          );
        }
        throw error;
      }
      const symbol = body.symbol ?? chart.symbol;
      if (!findInstrument(symbol)) {
        throw strategyError.onField(
          'symbol',
          'STRATEGY_INVALID_FIELD',
          `Symbol "${symbol}" is not an instrument of the catalogue; search the symbols for one.`,
        );
      }
      return edit(userId, id, async (q) => {
        await strategyOf(q, userId, id);
        if ((await q.countSnapshots(id)) >= limits.snapshotsPerStrategy) {
          throw limitReached(`A strategy has at most ${limits.snapshotsPerStrategy} snapshots; delete one first.`);
        }
        await q.insertSnapshot({
          id: newId(),
          strategyId: id,
          kind: 'chart',
          fileKey: null,
          contentType: null,
          width: null,
          height: null,
          chartId: body.chart_id,
          symbol,
          timeframe: body.timeframe ?? chart.timeframe,
          createdAt: clock.now(),
        });
        await q.updateStrategy(userId, id, { updatedAt: clock.now() });
        return strategyOut(q, userId, id);
      });
    },

    /** A snapshot image: PNG, JPEG, WebP or GIF by its bytes, stored in the file storage. */
    async addImageSnapshot(userId: string, id: string, data: Buffer): Promise<Strategy> {
      // Checked before the upload is stored, so a stranger's id never costs a write.
      await strategyOut(repo, userId, id);
      return withImage('strategy-snapshots', data, (image) =>
        edit(userId, id, async (q) => {
          await strategyOf(q, userId, id);
          if ((await q.countSnapshots(id)) >= limits.snapshotsPerStrategy) {
            throw limitReached(`A strategy has at most ${limits.snapshotsPerStrategy} snapshots; delete one first.`);
          }
          await q.insertSnapshot({
            id: newId(),
            strategyId: id,
            kind: 'image',
            fileKey: image.key,
            contentType: image.contentType,
            width: image.width,
            height: image.height,
            chartId: null,
            symbol: null,
            timeframe: null,
            createdAt: clock.now(),
          });
          await q.updateStrategy(userId, id, { updatedAt: clock.now() });
          return strategyOut(q, userId, id);
        }),
      );
    },

    async removeSnapshot(userId: string, id: string, snapshotId: string): Promise<Strategy> {
      const { out, key } = await edit(userId, id, async (q) => {
        await strategyOf(q, userId, id);
        const row = await q.deleteSnapshot(id, snapshotId);
        if (!row) throw itemNotFound('This strategy has no snapshot with this id.');
        await q.updateStrategy(userId, id, { updatedAt: clock.now() });
        return { out: await strategyOut(q, userId, id), key: row.fileKey };
      });
      if (key) await removeFiles([key]);
      return out;
    },

    async addFolder(userId: string, id: string, body: CreateStrategyFolderBody): Promise<Strategy> {
      return edit(userId, id, async (q) => {
        await strategyOf(q, userId, id);
        if ((await q.countFolders(id)) >= limits.foldersPerStrategy) {
          throw limitReached(`A strategy has at most ${limits.foldersPerStrategy} folders; delete one first.`);
        }
        await q.insertFolder({
          id: newId(),
          strategyId: id,
          name: body.name,
          color: (body.color ?? STRATEGY_FOLDER_DEFAULT_COLOR).toUpperCase(),
          createdAt: clock.now(),
        });
        await q.updateStrategy(userId, id, { updatedAt: clock.now() });
        return strategyOut(q, userId, id);
      });
    },

    async removeFolder(userId: string, id: string, folderId: string): Promise<Strategy> {
      return edit(userId, id, async (q) => {
        await strategyOf(q, userId, id);
        if (!(await q.deleteFolder(id, folderId))) throw itemNotFound('This strategy has no folder with this id.');
        await q.updateStrategy(userId, id, { updatedAt: clock.now() });
        return strategyOut(q, userId, id);
      });
    },

    // ---- approaches --------------------------------------------------------------------------------

    /** Grouped by status (entry, management, exit), oldest first within each group. */
    async approaches(userId: string, id: string): Promise<Approach[]> {
      await strategyOf(repo, userId, id);
      const rows = await repo.listApproaches(userId, id);
      const order = { entry: 0, management: 1, exit: 2 } as const;
      const sorted = [...rows].sort((a, b) => order[a.status] - order[b.status]);
      return (await repo.trees(sorted)).map(toApproach);
    },

    async approach(userId: string, p: { id: string; approachId: string }): Promise<Approach> {
      return approachOut(repo, await approachOf(repo, userId, p), false);
    },

    async createApproach(userId: string, strategyId: string, body: CreateApproachBody): Promise<Approach> {
      return edit(userId, strategyId, async (q) => {
        await strategyOf(q, userId, strategyId);
        if ((await q.countApproaches(strategyId)) >= limits.approachesPerStrategy) {
          throw limitReached(`A strategy has at most ${limits.approachesPerStrategy} approaches; delete one first.`);
        }
        const now = clock.now();
        const id = newId();
        await q.insertApproach({
          id,
          strategyId,
          userId,
          name: body.name,
          description: body.description ?? '',
          status: body.status,
          tags: [],
          symbols: [],
          timeframes: [],
          indicators: [],
          createdAt: now,
          updatedAt: now,
        });
        await q.updateStrategy(userId, strategyId, { updatedAt: now });
        return approachOut(q, await approachOf(q, userId, { id: strategyId, approachId: id }), false);
      });
    },

    async updateApproach(
      userId: string,
      p: { id: string; approachId: string },
      body: UpdateApproachBody,
    ): Promise<Approach> {
      return edit(userId, p.id, async (q) => {
        const row = await approachOf(q, userId, p);
        const patch = {
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.description === undefined ? {} : { description: body.description }),
          ...(body.status === undefined ? {} : { status: body.status }),
        };
        await q.updateApproach(row.id, patch);
        return approachOut(q, { ...row, ...patch });
      });
    },

    async removeApproach(userId: string, p: { id: string; approachId: string }): Promise<void> {
      const keys = await edit(userId, p.id, async (q) => {
        const row = await approachOf(q, userId, p);
        const files = await q.approachFileKeys(row.id);
        await q.deleteApproach(row.id);
        await q.updateStrategy(userId, p.id, { updatedAt: clock.now() });
        return files;
      });
      await removeFiles(keys);
    },

    async addApproachLabel(
      userId: string,
      p: { id: string; approachId: string },
      kind: StrategyLabelKind,
      value: string,
    ): Promise<Approach> {
      return edit(userId, p.id, async (q) => {
        const row = await approachOf(q, userId, p);
        const patch = addLabel('approach', row, kind, value);
        await q.updateApproach(row.id, patch);
        return approachOut(q, { ...row, ...patch });
      });
    },

    async removeApproachLabel(
      userId: string,
      p: { id: string; approachId: string },
      kind: StrategyLabelKind,
      value: string,
    ): Promise<Approach> {
      return edit(userId, p.id, async (q) => {
        const row = await approachOf(q, userId, p);
        const patch = removeLabel('approach', row, kind, value);
        await q.updateApproach(row.id, patch);
        return approachOut(q, { ...row, ...patch });
      });
    },

    // ---- criteria and conditions --------------------------------------------------------------------

    async addCriterion(userId: string, p: { id: string; approachId: string }, body: CriterionBody): Promise<Approach> {
      return edit(userId, p.id, async (q) => {
        const approach = await approachOf(q, userId, p);
        if ((await q.countCriteria(approach.id)) >= limits.criteriaPerApproach) {
          throw limitReached(`An approach has at most ${limits.criteriaPerApproach} criteria; delete one first.`);
        }
        await q.insertCriterion({ id: newId(), approachId: approach.id, name: body.name, createdAt: clock.now() });
        return approachOut(q, approach);
      });
    },

    async updateCriterion(
      userId: string,
      p: { id: string; approachId: string; criteriaId: string },
      body: CriterionBody,
    ): Promise<Approach> {
      return edit(userId, p.id, async (q) => {
        const { approach, criterion } = await criterionOf(q, userId, p);
        await q.renameCriterion(criterion.id, body.name);
        return approachOut(q, approach);
      });
    },

    async removeCriterion(
      userId: string,
      p: { id: string; approachId: string; criteriaId: string },
    ): Promise<Approach> {
      const { out, keys } = await edit(userId, p.id, async (q) => {
        const { approach, criterion } = await criterionOf(q, userId, p);
        const files = await q.criterionFileKeys(criterion.id);
        await q.deleteCriterion(criterion.id);
        return { out: await approachOut(q, approach), keys: files };
      });
      await removeFiles(keys);
      return out;
    },

    async addCondition(
      userId: string,
      p: { id: string; approachId: string; criteriaId: string },
      body: ConditionBody,
    ): Promise<Approach> {
      return edit(userId, p.id, async (q) => {
        const { approach, criterion } = await criterionOf(q, userId, p);
        if ((await q.countConditions(criterion.id)) >= limits.conditionsPerCriterion) {
          throw limitReached(`A criterion has at most ${limits.conditionsPerCriterion} conditions; delete one first.`);
        }
        await q.insertCondition({ id: newId(), criterionId: criterion.id, text: body.text, createdAt: clock.now() });
        return approachOut(q, approach);
      });
    },

    async updateCondition(userId: string, p: ConditionPath, body: ConditionBody): Promise<Approach> {
      return edit(userId, p.id, async (q) => {
        const { approach, condition } = await conditionOf(q, userId, p);
        await q.updateConditionText(condition.id, body.text);
        return approachOut(q, approach);
      });
    },

    async removeCondition(userId: string, p: ConditionPath): Promise<Approach> {
      const { out, keys } = await edit(userId, p.id, async (q) => {
        const { approach, condition } = await conditionOf(q, userId, p);
        const files = await q.conditionFileKeys(condition.id);
        await q.deleteCondition(condition.id);
        return { out: await approachOut(q, approach), keys: files };
      });
      await removeFiles(keys);
      return out;
    },

    // ---- checklist, images, comments -----------------------------------------------------------------

    async addChecklistItem(userId: string, p: ConditionPath, body: CreateChecklistItemBody): Promise<Approach> {
      return edit(userId, p.id, async (q) => {
        const { approach, condition } = await conditionOf(q, userId, p);
        const items = await q.checklist(condition.id);
        if (items.length >= limits.checklistPerCondition) {
          throw limitReached(
            `A condition has at most ${limits.checklistPerCondition} checklist items; delete one first.`,
          );
        }
        const id = newId();
        await q.insertChecklistItem({
          id,
          conditionId: condition.id,
          text: body.text,
          position: items.length,
          createdAt: clock.now(),
        });
        if (body.order !== undefined) await placeChecklist(q, condition.id, id, body.order);
        return approachOut(q, approach);
      });
    },

    async updateChecklistItem(
      userId: string,
      p: ConditionPath & { itemId: string },
      body: UpdateChecklistItemBody,
    ): Promise<Approach> {
      return edit(userId, p.id, async (q) => {
        const { approach, condition } = await conditionOf(q, userId, p);
        const items = await q.checklist(condition.id);
        if (!items.some((i) => i.id === p.itemId)) {
          throw itemNotFound('This condition has no checklist item with this id.');
        }
        if (body.text !== undefined) await q.updateChecklistItem(p.itemId, { text: body.text });
        if (body.order !== undefined) await placeChecklist(q, condition.id, p.itemId, body.order);
        return approachOut(q, approach);
      });
    },

    async removeChecklistItem(userId: string, p: ConditionPath & { itemId: string }): Promise<Approach> {
      return edit(userId, p.id, async (q) => {
        const { approach, condition } = await conditionOf(q, userId, p);
        const items = await q.checklist(condition.id);
        if (!items.some((i) => i.id === p.itemId)) {
          throw itemNotFound('This condition has no checklist item with this id.');
        }
        await q.deleteChecklistItem(p.itemId);
        await placeChecklist(q, condition.id, '', undefined);
        return approachOut(q, approach);
      });
    },

    async addImage(userId: string, p: ConditionPath, data: Buffer): Promise<Approach> {
      // Checked before the upload is stored, so a stranger's id never costs a write.
      await conditionOf(repo, userId, p);
      return withImage('strategy-images', data, (image) =>
        edit(userId, p.id, async (q) => {
          const { approach, condition } = await conditionOf(q, userId, p);
          if ((await q.countImages(condition.id)) >= limits.imagesPerCondition) {
            throw limitReached(`A condition has at most ${limits.imagesPerCondition} images; delete one first.`);
          }
          await q.insertImage({
            id: newId(),
            conditionId: condition.id,
            fileKey: image.key,
            contentType: image.contentType,
            width: image.width,
            height: image.height,
            createdAt: clock.now(),
          });
          return approachOut(q, approach);
        }),
      );
    },

    async removeImage(userId: string, p: ConditionPath & { imageId: string }): Promise<Approach> {
      const { out, key } = await edit(userId, p.id, async (q) => {
        const { approach, condition } = await conditionOf(q, userId, p);
        const row = await q.deleteImage(condition.id, p.imageId);
        if (!row) throw itemNotFound('This condition has no image with this id.');
        return { out: await approachOut(q, approach), key: row.fileKey };
      });
      await removeFiles([key]);
      return out;
    },

    async addComment(userId: string, p: ConditionPath, body: CommentBody): Promise<Approach> {
      return edit(userId, p.id, async (q) => {
        const { approach, condition } = await conditionOf(q, userId, p);
        if ((await q.countComments(condition.id)) >= limits.commentsPerCondition) {
          throw limitReached(`A condition has at most ${limits.commentsPerCondition} comments; delete one first.`);
        }
        const now = clock.now();
        await q.insertComment({
          id: newId(),
          conditionId: condition.id,
          text: body.text,
          createdAt: now,
          updatedAt: now,
        });
        return approachOut(q, approach);
      });
    },

    async updateComment(
      userId: string,
      p: ConditionPath & { commentId: string },
      body: CommentBody,
    ): Promise<Approach> {
      return edit(userId, p.id, async (q) => {
        const { approach, condition } = await conditionOf(q, userId, p);
        if (!(await q.updateComment(condition.id, p.commentId, body.text, clock.now()))) {
          throw itemNotFound('This condition has no comment with this id.');
        }
        return approachOut(q, approach);
      });
    },

    async removeComment(userId: string, p: ConditionPath & { commentId: string }): Promise<Approach> {
      return edit(userId, p.id, async (q) => {
        const { approach, condition } = await conditionOf(q, userId, p);
        if (!(await q.deleteComment(condition.id, p.commentId))) {
          throw itemNotFound('This condition has no comment with this id.');
        }
        return approachOut(q, approach);
      });
    },

    // ---- for other modules (journal, backtests) -------------------------------------------------------

    /** The user's strategies by name, each with its approaches: for pickers and for checking ids a client sends. */
    async ownedNames(
      userId: string,
    ): Promise<
      Array<{ id: string; name: string; approaches: Array<{ id: string; name: string; status: Approach['status'] }> }>
    > {
      return (await repo.ownedNames(userId)).map(({ strategy, approaches }) => ({
        id: strategy.id,
        name: strategy.name,
        approaches: approaches.map((a) => ({ id: a.id, name: a.name, status: a.status })),
      }));
    },

    /** The user's strategy with this id, or undefined (another user's id included). */
    async find(userId: string, id: string): Promise<Strategy | undefined> {
      const row = await repo.findStrategy(userId, id);
      return row ? (await strategiesOut(repo, [row]))[0] : undefined;
    },

    /** The user's approach with this id (its strategyId included), or undefined. */
    async findApproach(
      userId: string,
      approachId: string,
    ): Promise<{ id: string; strategyId: string; name: string; status: Approach['status'] } | undefined> {
      const row = await repo.findApproachOfUser(userId, approachId);
      return row ? { id: row.id, strategyId: row.strategyId, name: row.name, status: row.status } : undefined;
    },

    /** The user's checklist item with this id and the ids above it, or undefined (another user's item included). */
    async checklistItem(
      userId: string,
      itemId: string,
    ): Promise<
      | {
          id: string;
          text: string;
          order: number;
          conditionId: string;
          criterionId: string;
          approachId: string;
          strategyId: string;
        }
      | undefined
    > {
      const row = await repo.checklistItemOfUser(userId, itemId);
      if (!row) return undefined;
      return {
        id: row.item.id,
        text: row.item.text,
        order: row.item.position,
        conditionId: row.conditionId,
        criterionId: row.criterionId,
        approachId: row.approachId,
        strategyId: row.strategyId,
      };
    },
  };
}
export type StrategiesService = ReturnType<typeof createStrategiesService>;
