import Box from '@mui/material/Box';

/** The id of the page's `<main>`, which the skip link moves focus to (give it `tabIndex={-1}`). */
export const MAIN_ID = 'main';

/**
 * The first stop of the Tab key on every page: hidden until focused, it jumps past the logo and navigation
 * to the page's content.
 */
export function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={(event: React.MouseEvent<HTMLAnchorElement>) => {
        // Focus, not only scroll: the next Tab continues inside the content. No hash lands in the URL.
        event.preventDefault();
        const main = document.getElementById(MAIN_ID);
        main?.focus();
        main?.scrollIntoView();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 4,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to main content
    </Box>
  );
}
