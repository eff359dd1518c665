import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { TEST_MODE_CARDS, TEST_MODE_LABEL } from '@tradedesk/contracts';
import type { ReactNode } from 'react';
import { InlineAlert } from '../../../shared/states/inline-alert';

/** The "Test mode" mark shown wherever the built-in payment provider is involved. */
export function TestModeBadge() {
  return <Chip label={TEST_MODE_LABEL} color="warning" size="small" variant="outlined" sx={{ fontWeight: 600 }} />;
}

/** Says plainly that nothing is real here, and lists the test cards (with a button that fills one in, when given). */
export function TestModeNotice(props: { onUseCard?: (number: string) => void; children?: ReactNode }) {
  return (
    <InlineAlert severity="warning" title={`${TEST_MODE_LABEL}: no real card is charged`}>
      {props.children ?? 'Payments here are simulated by TradeDesk. Real cards are not accepted.'}
      <Box component="ul" aria-label="Test cards" sx={{ pl: 2.5, my: 1 }}>
        {TEST_MODE_CARDS.map((c) => (
          <li key={c.number}>
            <Typography component="span" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
              {c.number}
            </Typography>{' '}
            {c.description}{' '}
            {props.onUseCard && (
              <Box
                component="button"
                type="button"
                onClick={() => props.onUseCard?.(c.number)}
                aria-label={`Use test card ${c.number}`}
                sx={{
                  border: 0,
                  p: 0,
                  bgcolor: 'transparent',
                  color: 'primary.main',
                  cursor: 'pointer',
                  textDecoration: 'underline',
                  font: 'inherit',
                }}
              >
                Use
              </Box>
            )}
          </li>
        ))}
      </Box>
      Any expiry date in the future and any 3-digit CVC will do.
    </InlineAlert>
  );
}
