import 'dockview-react/dist/styles/dockview.css';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DashboardCustomizeIcon from '@mui/icons-material/DashboardCustomize';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type Theme, useTheme } from '@mui/material/styles';
import {
  type DockviewApi,
  DockviewReact,
  type DockviewReadyEvent,
  type IDockviewPanelHeaderProps,
  type IDockviewPanelProps,
  themeDark,
  themeLight,
} from 'dockview-react';
import {
  type FunctionComponent,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { densityMetrics, useDensity } from '../density/density';
import { LoadingState } from '../states/loading-state';
import { usePersistentLayout } from '../user-data/use-persistent-layout';
import { parseSavedLayout } from './layout-schema';

/** One kind of panel a workspace can show (one of each at a time): the chart, the order ticket, positions. */
export type WorkspacePanel = {
  /** Stable id: saved layouts refer to it. Letters, digits, dashes. */
  id: string;
  /** The tab's title. */
  title: string;
  /** The panel's content; it fills the panel (give it height: 100% to scroll inside). */
  render: () => ReactNode;
};

/** Where a panel goes in the default layout, relative to one placed before it (the first needs none). */
export type DefaultLayoutEntry = {
  panel: string;
  position?: { referencePanel: string; direction: 'left' | 'right' | 'above' | 'below' | 'within' };
  /** Initial width (left/right) or height (above/below) in pixels. */
  size?: number;
};

export type DockWorkspaceHandle = {
  /** Back to the default layout (saved as the user's layout). */
  resetLayout: () => void;
  /** Shows a panel: brings its tab forward, or adds it where the default layout puts it. */
  openPanel: (id: string) => void;
  /** Closes a panel (the "Panels" menu, Delete on its tab or its tab's × do the same). */
  closePanel: (id: string) => void;
};

export type DockWorkspaceProps = {
  /** Saved per user as the workspace document `layout.<name>`. */
  name: string;
  /** Accessible name of the workspace region: "Trading workspace". */
  label: string;
  /** Keep the array stable (module scope or useMemo). */
  panels: readonly WorkspacePanel[];
  defaultLayout: readonly DefaultLayoutEntry[];
  /** Version of this screen's layout; bump it when panels are renamed, so old saved layouts are dropped. */
  version?: number;
  /** Controls at the start of the workspace's bar. */
  toolbar?: ReactNode;
  ref?: Ref<DockWorkspaceHandle>;
};

function applyDefault(api: DockviewApi, panels: readonly WorkspacePanel[], layout: readonly DefaultLayoutEntry[]) {
  api.clear();
  const byId = new Map(panels.map((p) => [p.id, p]));
  for (const entry of layout) {
    const panel = byId.get(entry.panel);
    if (!panel || api.getPanel(panel.id)) continue;
    const horizontal = entry.position?.direction === 'left' || entry.position?.direction === 'right';
    const vertical = entry.position?.direction === 'above' || entry.position?.direction === 'below';
    const reference = entry.position && api.getPanel(entry.position.referencePanel);
    api.addPanel({
      id: panel.id,
      component: panel.id,
      title: panel.title,
      ...(reference && entry.position
        ? { position: { referencePanel: reference, direction: entry.position.direction } }
        : {}),
      ...(entry.size && horizontal ? { initialWidth: entry.size } : {}),
      ...(entry.size && vertical ? { initialHeight: entry.size } : {}),
      inactive: entry.position?.direction === 'within',
    });
  }
}

/**
 * The docking workspace of the kit (dockview): panels in tabbed groups that the user resizes, drags into
 * other groups or splits, and closes and reopens from the "Panels" menu. The arrangement is saved per user
 * in the user-data store and restored on the next visit, in any browser; a saved layout that no longer fits
 * the panels (renamed, removed, another version) gives way to the default layout.
 */
export function DockWorkspace(props: DockWorkspaceProps) {
  const panelIds = useMemo(() => new Set(props.panels.map((p) => p.id)), [props.panels]);
  const persisted = usePersistentLayout(`layout.${props.name}`, {
    version: props.version ?? 1,
    parse: (state) => parseSavedLayout(state, panelIds),
    description: 'panel arrangement',
  });
  const theme = useTheme();
  const density = useDensity();
  const apiRef = useRef<DockviewApi | null>(null);
  const [openPanels, setOpenPanels] = useState<ReadonlySet<string>>(new Set());
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);

  const components = useMemo(() => {
    const map: Record<string, FunctionComponent<IDockviewPanelProps>> = {};
    for (const panel of props.panels) {
      const Content: FunctionComponent<IDockviewPanelProps> = () => <PanelBody>{panel.render()}</PanelBody>;
      Content.displayName = `WorkspacePanel(${panel.id})`;
      map[panel.id] = Content;
    }
    return map;
  }, [props.panels]);

  const { saved, save } = persisted;
  const listeners = useRef<Array<{ dispose: () => void }>>([]);
  useEffect(
    () => () => {
      for (const l of listeners.current) l.dispose();
    },
    [],
  );

  const onReady = useCallback(
    (event: DockviewReadyEvent) => {
      const api = event.api;
      apiRef.current = api;
      let restored = false;
      if (saved) {
        try {
          api.fromJSON(saved);
          restored = true;
        } catch {
          // A layout dockview cannot rebuild: the default replaces it, and the next change saves that.
        }
      }
      if (!restored) applyDefault(api, props.panels, props.defaultLayout);
      let last = JSON.stringify(api.toJSON());
      const syncOpen = () => setOpenPanels(new Set(api.panels.map((p) => p.id)));
      syncOpen();
      listeners.current.push(
        api.onDidLayoutChange(() => {
          syncOpen();
          const layout = api.toJSON();
          const json = JSON.stringify(layout);
          if (json === last) return;
          last = json;
          save(layout);
        }),
      );
    },
    [saved, save, props.panels, props.defaultLayout],
  );

  const resetLayout = useCallback(() => {
    const api = apiRef.current;
    if (api) applyDefault(api, props.panels, props.defaultLayout);
  }, [props.panels, props.defaultLayout]);

  const openPanel = useCallback(
    (id: string) => {
      const api = apiRef.current;
      const panel = props.panels.find((p) => p.id === id);
      if (!api || !panel) return;
      const existing = api.getPanel(id);
      if (existing) {
        existing.api.setActive();
        return;
      }
      // Where the default layout puts it, when its reference panel is open; else beside the active panel.
      const entry = props.defaultLayout.find((e) => e.panel === id);
      const reference = entry?.position && api.getPanel(entry.position.referencePanel);
      const active = api.activePanel;
      api.addPanel({
        id,
        component: id,
        title: panel.title,
        ...(reference && entry?.position
          ? { position: { referencePanel: reference, direction: entry.position.direction } }
          : active
            ? { position: { referencePanel: active, direction: 'within' as const } }
            : {}),
      });
    },
    [props.panels, props.defaultLayout],
  );

  const closePanel = useCallback((id: string) => apiRef.current?.getPanel(id)?.api.close(), []);

  useImperativeHandle(props.ref, () => ({ resetLayout, openPanel, closePanel }), [resetLayout, openPanel, closePanel]);

  const metrics = densityMetrics[density];
  return (
    <Box
      role="region"
      aria-label={props.label}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          minHeight: metrics.headerHeight + 4,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {props.toolbar}
        <Box sx={{ flexGrow: 1 }} />
        <Button
          size="small"
          startIcon={<DashboardCustomizeIcon fontSize="small" />}
          aria-haspopup="menu"
          aria-expanded={menuAnchor ? 'true' : 'false'}
          onClick={(e) => setMenuAnchor(e.currentTarget)}
          disabled={persisted.status === 'loading'}
        >
          Panels
        </Button>
        <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
          {props.panels.map((panel) => {
            const open = openPanels.has(panel.id);
            return (
              <MenuItem
                key={panel.id}
                dense
                role="menuitemcheckbox"
                aria-checked={open}
                onClick={() => {
                  if (open) closePanel(panel.id);
                  else openPanel(panel.id);
                  setMenuAnchor(null);
                }}
              >
                <ListItemIcon>{open && <CheckIcon fontSize="small" />}</ListItemIcon>
                {panel.title}
              </MenuItem>
            );
          })}
        </Menu>
        <Button
          size="small"
          startIcon={<RestartAltIcon fontSize="small" />}
          onClick={resetLayout}
          disabled={persisted.status === 'loading'}
        >
          Reset layout
        </Button>
      </Box>
      <Box sx={(t) => dockSx(t, metrics.headerHeight)}>
        {persisted.status === 'loading' ? (
          <LoadingState label={`Loading ${props.label.toLowerCase()}`} />
        ) : (
          <DockviewReact
            components={components}
            defaultTabComponent={WorkspaceTab}
            onReady={onReady}
            theme={theme.palette.mode === 'dark' ? themeDark : themeLight}
            defaultRenderer="always"
            disableFloatingGroups
            singleTabMode="default"
          />
        )}
      </Box>
    </Box>
  );
}

function useTabTitle(api: IDockviewPanelHeaderProps['api']): string {
  return useSyncExternalStore(
    (onChange) => {
      const listener = api.onDidTitleChange(onChange);
      return () => listener.dispose();
    },
    () => api.title ?? '',
  );
}

/**
 * A panel's tab. Dockview's own tab puts a close button inside the tab, and a control inside a control is
 * unreachable for assistive technology; here the × is for the mouse only, and the keyboard closes the focused
 * tab with Delete (announced with aria-keyshortcuts), as the "Panels" menu does.
 */
function WorkspaceTab(props: IDockviewPanelHeaderProps) {
  const { api } = props;
  const title = useTabTitle(api);
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const tab = ref.current?.closest<HTMLElement>('[role="tab"]');
    if (!tab) return;
    tab.setAttribute('aria-keyshortcuts', 'Delete');
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Delete') return;
      event.preventDefault();
      api.close();
    };
    const onAuxClick = (event: MouseEvent) => {
      if (event.button === 1) api.close();
    };
    tab.addEventListener('keydown', onKeyDown);
    tab.addEventListener('auxclick', onAuxClick);
    return () => {
      tab.removeEventListener('keydown', onKeyDown);
      tab.removeEventListener('auxclick', onAuxClick);
    };
  }, [api]);
  return (
    <Box ref={ref} component="span" className="td-tab">
      <span className="td-tab-title">{title}</span>
      <span
        aria-hidden="true"
        className="td-tab-close"
        title={`Close ${title}`}
        // Not a drag of the tab: the click closes it.
        onPointerDown={(event) => event.stopPropagation()}
        onClick={(event) => {
          event.stopPropagation();
          api.close();
        }}
      >
        <CloseIcon fontSize="inherit" />
      </span>
    </Box>
  );
}

function PanelBody(props: { children: ReactNode }) {
  return <Box sx={{ height: '100%', overflow: 'auto', bgcolor: 'background.paper' }}>{props.children}</Box>;
}

/** Dockview's colours and sizes taken from the app theme (its own theme classes set the structure). */
function dockSx(theme: Theme, tabHeight: number) {
  const p = theme.palette;
  const vars = {
    '--dv-group-view-background-color': p.background.paper,
    '--dv-tabs-and-actions-container-background-color': p.background.default,
    '--dv-tabs-and-actions-container-height': `${tabHeight}px`,
    '--dv-tabs-and-actions-container-font-size': '13px',
    '--dv-activegroup-visiblepanel-tab-background-color': p.background.paper,
    '--dv-activegroup-hiddenpanel-tab-background-color': p.background.default,
    '--dv-inactivegroup-visiblepanel-tab-background-color': p.background.paper,
    '--dv-inactivegroup-hiddenpanel-tab-background-color': p.background.default,
    '--dv-activegroup-visiblepanel-tab-color': p.text.primary,
    '--dv-activegroup-hiddenpanel-tab-color': p.text.secondary,
    '--dv-inactivegroup-visiblepanel-tab-color': p.text.primary,
    '--dv-inactivegroup-hiddenpanel-tab-color': p.text.secondary,
    '--dv-tab-divider-color': p.divider,
    '--dv-separator-border': p.divider,
    '--dv-paneview-header-border-color': p.divider,
    '--dv-drag-over-background-color': `${p.primary.main}33`,
    '--dv-drag-over-border-color': p.primary.main,
    '--dv-active-sash-color': p.primary.main,
    '--dv-icon-hover-background-color': p.action.hover,
    '--dv-tabs-container-scrollbar-color': p.text.disabled,
  };
  return {
    flex: '1 1 auto',
    minHeight: 0,
    position: 'relative',
    // The selector outweighs dockview's own theme class, so the app's colours win.
    '& .dockview-theme-dark, & .dockview-theme-light': { ...vars, height: '100%', fontFamily: 'inherit' },
    '& .dv-tab:focus-visible, & .dv-tab:focus-within': { outline: `2px solid ${p.primary.main}`, outlineOffset: -2 },
    '& .dv-active-tab': { boxShadow: `inset 0 -2px 0 ${p.primary.main}` },
    '& .td-tab': { display: 'flex', alignItems: 'center', gap: '6px', height: '100%', px: 1.25, whiteSpace: 'nowrap' },
    '& .td-tab-close': {
      display: 'inline-flex',
      fontSize: 14,
      borderRadius: '4px',
      color: p.text.secondary,
      cursor: 'pointer',
      visibility: 'hidden',
    },
    '& .dv-active-tab .td-tab-close, & .dv-tab:hover .td-tab-close': { visibility: 'visible' },
    '& .td-tab-close:hover': { backgroundColor: p.action.hover, color: p.text.primary },
  } as const;
}
