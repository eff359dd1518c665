import Box from '@mui/material/Box';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { NewsItem } from '@tradedesk/contracts';
import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LoadingState } from '../../../shared/states/loading-state';
import { isTypingTarget } from '../../shell/shortcuts';
import { NEWS_ROW_HEIGHT, NewsRow } from './news-row';

export type NewsListProps = {
  label: string;
  items: NewsItem[];
  selectedId: string;
  onOpen: (item: NewsItem) => void;
  onToggleSave: (item: NewsItem) => void;
  /** Infinite scroll: called when the last rows come into view while more pages exist. */
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  /** Per-symbol lists (the chart's): a release's sentiment says whose it is ("Negative for USD"). */
  sentimentFor?: boolean;
  /** Shown in place of the rows when there are none (empty, loading or error state). */
  placeholder?: ReactNode;
};

/** How close to the end (in rows) the next page is asked for. */
const PREFETCH_ROWS = 5;

/**
 * A virtualised list of news items with infinite scroll. Keyboard: J or ↓ and K or ↑ move between items, Home and
 * End to the ends, Enter opens the focused item, S saves it to Read later or removes it.
 */
export function NewsList(props: NewsListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const focusPending = useRef(false);
  const count = props.items.length;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => NEWS_ROW_HEIGHT,
    overscan: 5,
    getItemKey: (index) => props.items[index]?.id ?? index,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems.at(-1)?.index ?? -1;
  const { hasMore, loadingMore, onLoadMore } = props;
  useEffect(() => {
    if (hasMore && !loadingMore && count > 0 && lastIndex >= count - PREFETCH_ROWS) onLoadMore?.();
  }, [hasMore, loadingMore, lastIndex, count, onLoadMore]);

  useLayoutEffect(() => {
    if (!focusPending.current) return;
    const button = scrollRef.current?.querySelector<HTMLElement>(`[data-news-index="${focusIndex}"]`);
    if (button) {
      focusPending.current = false;
      button.focus();
    }
  });

  const focusedIndex = (target: EventTarget) => {
    const attr = (target as HTMLElement).closest<HTMLElement>('[data-row-index]')?.dataset.rowIndex;
    return attr === undefined ? focusIndex : Number(attr);
  };
  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(count - 1, index));
    focusPending.current = true;
    setFocusIndex(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target) || count === 0) return;
    const at = focusedIndex(event.target);
    const item = props.items[at];
    switch (event.key) {
      case 'j':
      case 'ArrowDown':
        moveTo(at + 1);
        break;
      case 'k':
      case 'ArrowUp':
        moveTo(at - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(count - 1);
        break;
      case 's':
      case 'S':
        if (item) props.onToggleSave(item);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <Box
      ref={scrollRef}
      role="region"
      aria-label={props.label}
      aria-keyshortcuts="J K ArrowDown ArrowUp Enter S"
      onKeyDown={onKeyDown}
      sx={{ flexGrow: 1, minHeight: 0, overflowY: 'auto', position: 'relative' }}
    >
      {count === 0 ? (
        props.placeholder
      ) : (
        <Box
          component="ul"
          aria-label={props.label}
          sx={{ listStyle: 'none', m: 0, p: 0, position: 'relative', height: virtualizer.getTotalSize() }}
        >
          {virtualItems.map((row) => {
            const item = props.items[row.index];
            if (!item) return null;
            return (
              <Box
                component="li"
                key={row.key}
                data-row-index={row.index}
                aria-setsize={count}
                aria-posinset={row.index + 1}
                onFocus={() => setFocusIndex(row.index)}
                sx={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${row.start}px)` }}
              >
                <NewsRow
                  item={item}
                  index={row.index}
                  selected={item.id === props.selectedId}
                  sentimentFor={props.sentimentFor}
                  onOpen={props.onOpen}
                  onToggleSave={props.onToggleSave}
                />
              </Box>
            );
          })}
        </Box>
      )}
      {count > 0 && props.loadingMore && <LoadingState label="Loading more news" />}
    </Box>
  );
}
