/**
 * The actions a chat bubble offers for the other party's message (decision 048: report it): a tap
 * on the bubble (not on a link or button inside it) or a long press / right click opens them.
 * The user's chat and the advisor's workspace share it.
 */
import { useState, type MouseEvent } from 'react';

export function useMessageActions(available: boolean) {
  const [open, setOpen] = useState(false);
  const bubbleProps = available
    ? {
        onClick: (event: MouseEvent<HTMLElement>) => {
          if ((event.target as HTMLElement).closest('a, button')) return;
          setOpen((shown) => !shown);
        },
        onContextMenu: (event: MouseEvent<HTMLElement>) => {
          event.preventDefault();
          setOpen(true);
        },
      }
    : {};
  return { open: available && open, close: () => setOpen(false), bubbleProps };
}
