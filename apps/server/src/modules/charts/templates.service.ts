import {
  type ChartTemplate,
  type ChartTemplateKind,
  type CreateTemplateBody,
  TEMPLATE_MAX_PER_USER,
  type TemplateSettings,
  type TemplateSettingsBody,
  type UpdateTemplateBody,
} from '@tradedesk/contracts';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import { normalizeIndicators } from './chart-inputs.js';
import { chartsError } from './charts.errors.js';
import type { ChartTemplateRow } from './charts.table.js';
import type { TemplatesRepository } from './templates.repository.js';

export function toTemplate(row: ChartTemplateRow): ChartTemplate {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    isDefault: row.isDefault,
    settings: row.settings,
    indicators: row.indicators,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** The wire settings (snake_case) as the template keeps them (camelCase). */
function toSettings(body: TemplateSettingsBody): TemplateSettings {
  return Object.fromEntries(
    Object.entries(body)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [camel(k), v]),
  ) as TemplateSettings;
}

const notFound = () => chartsError('TEMPLATE_NOT_FOUND', 'No template of yours has this id.');

/**
 * Templates with exactly one default per user and kind while the user has any of that kind: the first one
 * saved becomes the default; deleting the default passes it to the most recently changed one left.
 */
export function createTemplatesService(deps: {
  repo: TemplatesRepository;
  clock: Clock;
  limits?: { maxTemplates: number };
}) {
  const { repo, clock } = deps;
  const max = deps.limits?.maxTemplates ?? TEMPLATE_MAX_PER_USER;

  return {
    async list(userId: string, kind?: ChartTemplateKind): Promise<ChartTemplate[]> {
      return (await repo.list(userId, kind)).map(toTemplate);
    },

    async get(userId: string, id: string): Promise<ChartTemplate> {
      const row = await repo.find(userId, id);
      if (!row) throw notFound();
      return toTemplate(row);
    },

    async create(userId: string, body: CreateTemplateBody): Promise<ChartTemplate> {
      const indicators = normalizeIndicators(body.indicators);
      return repo.transaction(async (tx) => {
        await tx.lockUser(userId);
        if ((await tx.count(userId)) >= max) {
          throw chartsError(
            'TEMPLATE_LIMIT_REACHED',
            `You already keep ${max} templates, the most allowed; delete one before saving another.`,
          );
        }
        const now = clock.now();
        const row: ChartTemplateRow = {
          id: newId(),
          userId,
          name: body.name,
          kind: body.kind,
          isDefault: !(await tx.findDefault(userId, body.kind)),
          settings: toSettings(body.settings),
          indicators,
          createdAt: now,
          updatedAt: now,
        };
        await tx.insert(row);
        return toTemplate(row);
      });
    },

    async update(userId: string, id: string, body: UpdateTemplateBody): Promise<ChartTemplate> {
      const patch: Parameters<TemplatesRepository['update']>[2] = { updatedAt: clock.now() };
      if (body.name !== undefined) patch.name = body.name;
      if (body.settings !== undefined) patch.settings = toSettings(body.settings);
      if (body.indicators !== undefined) patch.indicators = normalizeIndicators(body.indicators);
      const row = await repo.update(userId, id, patch);
      if (!row) throw notFound();
      return toTemplate(row);
    },

    /** Makes the template its kind's default; the previous default stops being one. */
    async makeDefault(userId: string, id: string): Promise<ChartTemplate> {
      return repo.transaction(async (tx) => {
        await tx.lockUser(userId);
        const row = await tx.find(userId, id);
        if (!row) throw notFound();
        await tx.clearDefault(userId, row.kind, id);
        const saved = await tx.update(userId, id, { isDefault: true });
        return toTemplate(saved!);
      });
    },

    async delete(userId: string, id: string): Promise<void> {
      await repo.transaction(async (tx) => {
        await tx.lockUser(userId);
        const removed = await tx.delete(userId, id);
        if (!removed) throw notFound();
        if (!removed.isDefault) return;
        const next = await tx.latest(userId, removed.kind);
        if (next) await tx.update(userId, next.id, { isDefault: true });
      });
    },
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
