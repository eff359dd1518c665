import { createTheme, type Theme, useTheme } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

/** 'compact' is for trading screens: smaller controls, dense lists and tables, more rows on screen. */
export type Density = 'standard' | 'compact';

/** Sizes the kit's own components take from the density (pixels). */
export const densityMetrics = {
  standard: { rowHeight: 36, headerHeight: 40, fontSize: 14, cellPaddingX: 12 },
  compact: { rowHeight: 28, headerHeight: 32, fontSize: 13, cellPaddingX: 8 },
} as const satisfies Record<
  Density,
  { rowHeight: number; headerHeight: number; fontSize: number; cellPaddingX: number }
>;

const DensityContext = createContext<Density>('standard');

export function useDensity(): Density {
  return useContext(DensityContext);
}

const small = { defaultProps: { size: 'small' } } as const;

/** The app theme with MUI's components made dense (small sizes, dense lists, tighter tabs and tooltips). */
export function compactTheme(outer: Theme): Theme {
  return createTheme(outer, {
    components: {
      MuiButton: small,
      MuiIconButton: small,
      MuiToggleButton: small,
      MuiToggleButtonGroup: small,
      MuiTextField: { defaultProps: { size: 'small', margin: 'dense' } },
      MuiFormControl: { defaultProps: { size: 'small', margin: 'dense' } },
      MuiInputBase: small,
      MuiAutocomplete: small,
      MuiChip: small,
      MuiCheckbox: small,
      MuiRadio: small,
      MuiSwitch: small,
      MuiFab: small,
      MuiPagination: small,
      MuiTable: small,
      MuiList: { defaultProps: { dense: true } },
      MuiMenuItem: { defaultProps: { dense: true } },
      MuiListItemButton: { defaultProps: { dense: true } },
      MuiToolbar: { defaultProps: { variant: 'dense' } },
      MuiTabs: { styleOverrides: { root: { minHeight: 36 } } },
      MuiTab: { styleOverrides: { root: { minHeight: 36, padding: '6px 12px', fontSize: 13 } } },
      MuiTooltip: { styleOverrides: { tooltip: { fontSize: 12, padding: '2px 6px' } } },
      MuiAlert: { styleOverrides: { root: { padding: '2px 10px', fontSize: 13 } } },
    },
  });
}

/**
 * Sets the density of everything below it: the kit's table and states read it with useDensity, and under
 * 'compact' MUI components get their small variants from a derived theme (the outer theme, light or dark,
 * is kept). Trading screens wrap themselves in `<DensityProvider density="compact">`.
 */
export function DensityProvider(props: { density: Density; children: ReactNode }) {
  const outer = useTheme();
  const theme = useMemo(() => (props.density === 'compact' ? compactTheme(outer) : outer), [outer, props.density]);
  return (
    <DensityContext.Provider value={props.density}>
      <ThemeProvider theme={theme}>{props.children}</ThemeProvider>
    </DensityContext.Provider>
  );
}
