import type { ChartTemplate, TemplateSettings } from '@tradedesk/contracts';
import { useMemo, useState } from 'react';
import { useChartTemplatesQuery } from './tools-api';

export type ChartTemplateState = ReturnType<typeof useChartTemplate>;

/**
 * The chart's look: the chart template chosen for this chart (`chosenId`), else the user's default one, else
 * the theme. While the template editor is open its draft is shown instead, so a change is seen on the chart
 * before it is saved. `appearance` goes to `engine.applyAppearance`, `chartType` is the type to show when the
 * chart was given none.
 */
export function useChartTemplate(chosenId: string | null, options: { skip?: boolean } = {}) {
  const query = useChartTemplatesQuery('chart', { skip: options.skip });
  const templates = query.data ?? [];
  const chosen = chosenId ? templates.find((t) => t.id === chosenId) : undefined;
  const fallback = templates.find((t) => t.isDefault);
  const active: ChartTemplate | undefined = chosen ?? fallback;
  const [draft, setDraft] = useState<TemplateSettings | null>(null);
  const settings = draft ?? active?.settings ?? null;
  const appearance = useMemo(() => {
    const { chartType: _type, ...rest } = settings ?? {};
    return rest;
  }, [settings]);
  return {
    templates,
    status: query.isError ? ('failed' as const) : query.isSuccess ? ('succeeded' as const) : ('loading' as const),
    error: query.error,
    retry: query.refetch,
    /** The template the chart shows (chosen or default), if any. */
    active,
    appearance,
    chartType: settings?.chartType,
    draft,
    setDraft,
  };
}
