/** Users: search by id, name or username; each opens the user's ledger and credit form. */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { formatAmount, useT } from '../../lib/i18n';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { useAdminUsers } from './api/list-users';
import { refusalText } from './confirm-action';

export function UsersSection() {
  const t = useT();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  // Searches as the admin types, once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const users = useAdminUsers(query);
  return (
    <section aria-label={t('admin.section.users')}>
      <div className="field">
        <label htmlFor="admin-user-search">{t('admin.users.search')}</label>
        <input
          id="admin-user-search"
          className="input"
          type="search"
          maxLength={64}
          placeholder={t('admin.users.searchHint')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      {users.status === 'loading' && <LoadingState />}
      {users.status === 'error' && (
        <ErrorState
          message={refusalText(users.error, t('admin.loadError'))}
          onRetry={users.retry}
        />
      )}
      {users.status === 'success' &&
        (users.data.users.length === 0 ? (
          <EmptyState message={t('admin.users.none')} />
        ) : (
          <ul className="list">
            {users.data.users.map((user) => (
              <li key={user.telegram_user_id}>
                <Link href={`/admin/user/${user.telegram_user_id}`} className="row-link">
                  <span className="admin-grow">
                    <strong>{user.name}</strong>
                    <span className="small muted">
                      {' '}
                      #{user.telegram_user_id}
                      {user.username ? ` · @${user.username}` : ''}
                    </span>
                  </span>
                  <span>{formatAmount(user.balance_cents)}</span>
                </Link>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
