import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { TemplateSettings } from '@tradedesk/contracts';
import { type ChartColors, type ChartType, chartTypeLabels, chartTypes } from '../components/chart-engine';
import { colorFields, storedColor, themeColor, toHex } from './appearance';

/**
 * A chart template's appearance: series style, volume and grid shown, and every colour as a native colour
 * input (the browser's picker, keyboard included). A colour not set shows the theme's, and "Theme colours"
 * clears them all.
 */
export function AppearanceEditor(props: {
  value: TemplateSettings;
  onChange(next: TemplateSettings): void;
  themeColors: ChartColors;
}) {
  const v = props.value;
  const set = (patch: TemplateSettings) => props.onChange({ ...v, ...patch });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Chart type"
          value={v.chartType ?? 'candles'}
          onChange={(e) => set({ chartType: e.target.value as ChartType })}
          sx={{ width: 170 }}
        >
          {chartTypes.map((t) => (
            <MenuItem key={t} value={t}>
              {chartTypeLabels[t]}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={v.showVolume ?? true} onChange={(e) => set({ showVolume: e.target.checked })} />}
          label="Show volume"
        />
        <FormControlLabel
          control={<Switch checked={v.showGrid ?? true} onChange={(e) => set({ showGrid: e.target.checked })} />}
          label="Show grid"
        />
      </Stack>
      <Box
        role="group"
        aria-label="Colours"
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))' }}
      >
        {colorFields.map(([field, label]) => (
          <TextField
            key={field}
            type="color"
            size="small"
            label={label}
            value={toHex(
              v[field] ?? themeColor(field, props.themeColors, v),
              v.backgroundColor ?? props.themeColors.background,
            )}
            onChange={(e) => set({ [field]: storedColor(field, e.target.value) })}
            slotProps={{ htmlInput: { 'aria-label': label, style: { height: 28, padding: 4, cursor: 'pointer' } } }}
          />
        ))}
      </Box>
      <Box>
        <Button
          size="small"
          onClick={() => {
            const next: TemplateSettings = { ...v };
            for (const [field] of colorFields) delete next[field];
            props.onChange(next);
          }}
        >
          Theme colours
        </Button>
      </Box>
    </Box>
  );
}
