/** A list row that opens Seer's support chat (inside Telegram a t.me link stays in Telegram). */
import type { ReactNode } from 'react';
import { openSupport, SUPPORT_URL } from '../../lib/support';
import { ChevronIcon } from './icons';

export function SupportLink({ children }: { children: ReactNode }) {
  return (
    <a
      href={SUPPORT_URL}
      className="row-link"
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        event.preventDefault();
        openSupport();
      }}
    >
      {children}
      <ChevronIcon className="chevron" width={18} height={18} />
    </a>
  );
}
