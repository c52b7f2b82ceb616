/** The admin section's lists, one shape for all: loading, an error with retry, empty, or the rows. */
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import type { UseData } from '../../lib/use-data';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { refusalText } from './confirm-action';

export function AdminList<T, Item>({
  data,
  items,
  empty,
  header,
  className = 'list admin-list',
  children,
}: {
  data: UseData<T>;
  /** The rows of a loaded answer. */
  items: (answer: T) => readonly Item[];
  /** Said when there are no rows. */
  empty: string;
  /** Shown above the rows (a total, say). */
  header?: (answer: T) => ReactNode;
  className?: string;
  /** One row: an element with its own key. */
  children: (item: Item) => ReactNode;
}) {
  const t = useT();
  if (data.status === 'loading') return <LoadingState />;
  if (data.status === 'error')
    return (
      <ErrorState message={refusalText(data.error, t('admin.loadError'))} onRetry={data.retry} />
    );
  const rows = items(data.data);
  if (rows.length === 0) return <EmptyState message={empty} />;
  return (
    <>
      {header?.(data.data)}
      <ul className={className}>{rows.map(children)}</ul>
    </>
  );
}
