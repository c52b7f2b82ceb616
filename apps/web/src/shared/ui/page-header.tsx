/** A screen's title, with a back arrow when Telegram does not show its own BackButton. */
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { hasNativeBackButton } from '../../lib/telegram';
import { goBack } from '../../lib/navigation';
import { BackIcon } from './icons';

interface PageHeaderProps {
  title: string;
  /** Inner pages get a back arrow (outside Telegram); bottom-bar pages do not. */
  back?: boolean;
  children?: ReactNode;
}

export function PageHeader({ title, back = false, children }: PageHeaderProps) {
  const t = useT();
  return (
    <header className="page-header">
      {back && !hasNativeBackButton() && (
        <button
          type="button"
          className="icon-button"
          aria-label={t('common.back')}
          onClick={goBack}
        >
          <BackIcon />
        </button>
      )}
      <h1>{title}</h1>
      {children}
    </header>
  );
}
