/** Users: search by id, name or username; each opens the user's ledger and credit form. */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { formatAmount, useT } from '../../lib/i18n';
import { useAdminUsers } from './api/list-users';
import { AdminList } from './admin-list';

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
      <AdminList
        data={users}
        items={(answer) => answer.users}
        empty={t('admin.users.none')}
        className="list"
      >
        {(user) => (
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
        )}
      </AdminList>
    </section>
  );
}
