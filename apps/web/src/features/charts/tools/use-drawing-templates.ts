import { type DrawingStyle, type DrawingTool, drawingStyleSchema, drawingTools } from '@tradedesk/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { toast } from '../../../shared/toast/toast';
import { userDataApi, useWorkspaceDocumentQuery } from '../../../shared/user-data/user-data-api';
import { rememberToolStyle, toolStyle } from '../drawings/tool-styles';

/** Each tool's default style (a drawing template per tool), in the user-data store as "drawing-tool-styles". */
export const DRAWING_STYLES_NAME = 'drawing-tool-styles';
const VERSION = 1;
/** Quick changes (a colour dragged through the picker) are saved once, this long after the last. */
export const SAVE_DELAY_MS = 600;

export type ToolStyles = Partial<Record<DrawingTool, DrawingStyle>>;

/** The saved styles, each checked: a tool or style the app no longer knows is left out. */
export function readToolStyles(version: number | undefined, state: unknown): ToolStyles {
  if (version !== VERSION || typeof state !== 'object' || state === null) return {};
  const out: ToolStyles = {};
  for (const tool of drawingTools) {
    const parsed = drawingStyleSchema.safeParse((state as Record<string, unknown>)[tool]);
    if (parsed.success && (state as Record<string, unknown>)[tool] !== undefined) out[tool] = parsed.data;
  }
  return out;
}

/**
 * The drawing template per tool, kept on the server so it follows the user to any browser. This browser's copy
 * (drawings/tool-styles.ts, read when a drawing starts) is the cache: the saved styles are written into it when
 * they arrive, and `remember` updates it at once and saves every tool's style a moment later.
 */
export function useDrawingTemplates(options: { skip?: boolean } = {}) {
  const dispatch = useAppDispatch();
  const query = useWorkspaceDocumentQuery(DRAWING_STYLES_NAME, { skip: options.skip });
  const saved = useRef<ToolStyles>({});
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!query.data) return;
    const styles = readToolStyles(query.data.version, query.data.state);
    saved.current = styles;
    for (const [tool, style] of Object.entries(styles)) rememberToolStyle(tool as DrawingTool, style);
  }, [query.data]);

  const flush = useCallback(async () => {
    pending.current = null;
    const result = await dispatch(
      userDataApi.endpoints.saveWorkspaceDocument.initiate({
        name: DRAWING_STYLES_NAME,
        version: VERSION,
        state: saved.current,
      }),
    );
    if ('error' in result) {
      toast.error('The drawing style could not be saved to your account; this browser keeps it for now.');
    }
  }, [dispatch]);

  // A change still waiting is saved when the chart closes.
  useEffect(
    () => () => {
      if (pending.current) {
        clearTimeout(pending.current);
        void flush();
      }
    },
    [flush],
  );

  const remember = useCallback(
    (tool: DrawingTool, style: DrawingStyle) => {
      rememberToolStyle(tool, style);
      if (JSON.stringify(saved.current[tool] ?? {}) === JSON.stringify(style)) return;
      saved.current = { ...saved.current, [tool]: style };
      if (pending.current) clearTimeout(pending.current);
      pending.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [flush],
  );

  return { remember, styleFor: toolStyle, loaded: query.isSuccess || query.isError };
}
