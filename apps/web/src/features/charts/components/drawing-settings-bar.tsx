import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DRAWING_TEXT_MAX, type DrawingStyle, drawingLineStyles } from '@tradedesk/contracts';
import { useEffect, useState } from 'react';
import { type ChartDrawing, fillableTools, resolveStyle, textTools, toolLabels } from '../drawings/model';

/** A colour input wants #RRGGBB; a drawing's fill keeps its alpha byte apart. */
function split(color: string): { rgb: string; alpha: string } {
  return { rgb: color.slice(0, 7), alpha: color.length === 9 ? color.slice(7) : '' };
}

export type DrawingSettingsBarProps = {
  drawing: ChartDrawing;
  onChange(next: ChartDrawing): void;
  onDelete(): void;
};

/** The selected drawing's settings: colour, width, line style, fill, text, lock, hide and delete. */
export function DrawingSettingsBar({ drawing, onChange, onDelete }: DrawingSettingsBarProps) {
  const style = resolveStyle(drawing);
  const setStyle = (patch: Partial<DrawingStyle>) => onChange({ ...drawing, style: { ...drawing.style, ...patch } });
  const [text, setText] = useState(drawing.text ?? '');
  useEffect(() => setText(drawing.text ?? ''), [drawing.text]);
  const showText =
    textTools.has(drawing.tool) || drawing.text !== undefined || ['trend_line', 'rectangle'].includes(drawing.tool);
  const fill = split(style.fillColor);
  return (
    <Paper
      role="toolbar"
      aria-label="Drawing settings"
      elevation={4}
      sx={{
        position: 'absolute',
        top: 40,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 3,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        py: 0.5,
      }}
    >
      <Typography variant="caption" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {toolLabels[drawing.tool]}
      </Typography>
      <Tooltip title="Colour">
        <Box
          component="input"
          type="color"
          aria-label="Colour"
          value={split(style.color).rgb}
          disabled={drawing.locked}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => setStyle({ color: e.target.value.toUpperCase() })}
          sx={{ width: 28, height: 24, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
        />
      </Tooltip>
      <TextField
        select
        size="small"
        label="Width"
        value={style.lineWidth}
        disabled={drawing.locked}
        onChange={(e) => setStyle({ lineWidth: Number(e.target.value) })}
        sx={{ width: 76 }}
      >
        {[1, 2, 3, 4].map((w) => (
          <MenuItem key={w} value={w}>
            {w}px
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Style"
        value={style.lineStyle}
        disabled={drawing.locked}
        onChange={(e) => setStyle({ lineStyle: e.target.value as DrawingStyle['lineStyle'] })}
        sx={{ width: 100 }}
      >
        {drawingLineStyles.map((s) => (
          <MenuItem key={s} value={s}>
            {s[0]!.toUpperCase() + s.slice(1)}
          </MenuItem>
        ))}
      </TextField>
      {fillableTools.has(drawing.tool) && (
        <Tooltip title="Fill">
          <Box
            component="input"
            type="color"
            aria-label="Fill"
            value={fill.rgb}
            disabled={drawing.locked}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) =>
              setStyle({ fillColor: `${e.target.value.toUpperCase()}${fill.alpha || '33'}` })
            }
            sx={{ width: 28, height: 24, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
          />
        </Tooltip>
      )}
      {showText && (
        <TextField
          size="small"
          label="Text"
          // A text note or callout just placed is typed into at once.
          autoFocus={textTools.has(drawing.tool)}
          onFocus={(e) => e.target.select()}
          value={text}
          disabled={drawing.locked}
          slotProps={{ htmlInput: { maxLength: DRAWING_TEXT_MAX } }}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => {
            if (text !== (drawing.text ?? '')) onChange({ ...drawing, text });
          }}
          onKeyDown={(e) => {
            e.stopPropagation();
            if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
          }}
          sx={{ width: 140 }}
        />
      )}
      <Tooltip title={drawing.locked ? 'Unlock' : 'Lock'}>
        <IconButton
          size="small"
          aria-label={drawing.locked ? 'Unlock' : 'Lock'}
          aria-pressed={drawing.locked}
          onClick={() => onChange({ ...drawing, locked: !drawing.locked })}
        >
          {drawing.locked ? <LockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <Tooltip title={drawing.hidden ? 'Show' : 'Hide'}>
        <IconButton
          size="small"
          aria-label={drawing.hidden ? 'Show' : 'Hide'}
          aria-pressed={drawing.hidden}
          onClick={() => onChange({ ...drawing, hidden: !drawing.hidden })}
        >
          {drawing.hidden ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton size="small" aria-label="Delete drawing" onClick={onDelete}>
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Paper>
  );
}
