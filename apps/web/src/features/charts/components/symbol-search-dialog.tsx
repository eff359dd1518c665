import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { INSTRUMENT_SOURCES, type InstrumentSource, searchInstruments, sourceLabel } from '@tradedesk/core';
import { useMemo, useState } from 'react';

const RESULTS = 50;

/**
 * Finds an instrument of the catalogue by ticker, name or currency, optionally of one source; arrows move
 * through the results and Enter opens the highlighted one.
 */
export function SymbolSearchDialog(props: { open: boolean; onClose(): void; onSelect(symbol: string): void }) {
  const [text, setText] = useState('');
  const [source, setSource] = useState<InstrumentSource | 'all'>('all');
  const [active, setActive] = useState(0);
  const results = useMemo(
    () => searchInstruments({ search: text, ...(source === 'all' ? {} : { sources: [source] }), limit: RESULTS }).items,
    [text, source],
  );
  const choose = (symbol: string) => {
    props.onSelect(symbol);
    props.onClose();
  };
  const activeId = results[active] ? `symbol-option-${results[active]!.id}` : undefined;
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="symbol-search-title">
      <DialogTitle id="symbol-search-title">Symbol search</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
        <TextField
          autoFocus
          size="small"
          label="Search symbols"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((a) => Math.min(a + 1, results.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === 'Enter' && results[active]) {
              e.preventDefault();
              choose(results[active]!.id);
            }
          }}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-expanded': true,
              'aria-controls': 'symbol-results',
              'aria-activedescendant': activeId,
              maxLength: 60,
            },
          }}
        />
        <ToggleButtonGroup
          size="small"
          exclusive
          aria-label="Source"
          value={source}
          onChange={(_e, value: InstrumentSource | 'all' | null) => {
            if (value) setSource(value);
            setActive(0);
          }}
          sx={{ flexWrap: 'wrap' }}
        >
          <ToggleButton value="all">All</ToggleButton>
          {INSTRUMENT_SOURCES.map((s) => (
            <ToggleButton key={s} value={s}>
              {sourceLabel(s)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box sx={{ maxHeight: 360, overflowY: 'auto' }}>
          {results.length === 0 ? (
            <Typography sx={{ color: 'text.secondary', py: 2 }}>No instrument matches “{text}”.</Typography>
          ) : (
            <List id="symbol-results" role="listbox" aria-label="Symbols" dense>
              {results.map((i, index) => (
                <ListItemButton
                  key={i.id}
                  id={`symbol-option-${i.id}`}
                  role="option"
                  aria-selected={index === active}
                  selected={index === active}
                  onClick={() => choose(i.id)}
                >
                  <ListItemText primary={i.id} secondary={i.name} sx={{ my: 0 }} />
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {sourceLabel(i.source)} · {i.exchange}
                  </Typography>
                </ListItemButton>
              ))}
            </List>
          )}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
