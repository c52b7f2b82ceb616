/** Advisors: every one, active or not; create, edit, deactivate, and link to a Telegram account. */
import { useState } from 'react';
import { findCategory, formatCents } from '@seer/contract';
import { formatNumber, formatPricePerMessage, useT } from '../../lib/i18n';
import { Avatar } from '../../shared/ui/avatar';
import { Button } from '../../shared/ui/button';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { showToast } from '../../shared/ui/toast';
import { linkAdvisor } from './api/link-advisor';
import { useAdminAdvisors, type AdminAdvisorRow } from './api/list-advisors';
import { saveAdvisor } from './api/save-advisor';
import { AdvisorForm } from './advisor-form';
import { ConfirmAction, refusalText } from './confirm-action';
import { FavouriteCount } from './favourite-count';
import { PriceRequestsPanel } from './price-requests-panel';

function LinkForm({ advisor }: { advisor: AdminAdvisorRow }) {
  const t = useT();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const link = async (telegramId: number | null) => {
    setBusy(true);
    setError(null);
    try {
      await linkAdvisor(advisor.id, telegramId);
      setValue('');
      showToast(
        telegramId === null
          ? t('admin.advisors.unlinked')
          : t('admin.advisors.linked', { id: telegramId }),
        'success',
      );
    } catch (failure) {
      setError(refusalText(failure, t('admin.genericError')));
    } finally {
      setBusy(false);
    }
  };
  const submit = () => {
    const id = Number(value.trim());
    if (!/^\d{1,16}$/.test(value.trim()) || !Number.isSafeInteger(id) || id <= 0)
      return setError(t('admin.telegramIdInvalid'));
    void link(id);
  };
  return (
    <div className="admin-link">
      <label className="visually-hidden" htmlFor={`link-${advisor.id}`}>
        {t('admin.advisors.telegramId')}
      </label>
      <input
        id={`link-${advisor.id}`}
        className="input"
        inputMode="numeric"
        placeholder={t('admin.advisors.telegramId')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button variant="secondary" busy={busy} onClick={submit}>
        {t('admin.advisors.link')}
      </Button>
      {advisor.telegram_id !== null && (
        <Button variant="ghost" disabled={busy} onClick={() => void link(null)}>
          {t('admin.advisors.unlink')}
        </Button>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function bodyOf(advisor: AdminAdvisorRow, isActive: boolean) {
  return {
    id: advisor.id,
    name: advisor.name,
    category_id: advisor.category_id,
    price: formatCents(advisor.price_cents),
    description: advisor.description,
    additional_info: advisor.additional_info,
    experience: advisor.experience,
    clients: advisor.clients,
    languages: advisor.languages,
    is_active: isActive,
  };
}

export function AdvisorsSection() {
  const t = useT();
  const advisors = useAdminAdvisors();
  const [editing, setEditing] = useState<AdminAdvisorRow | 'new' | null>(null);

  if (editing) {
    return (
      <AdvisorForm
        advisor={editing === 'new' ? null : editing}
        onCancel={() => setEditing(null)}
        onSaved={(saved) => {
          showToast(t('admin.advisors.saved', { name: saved.name }), 'success');
          setEditing(null);
        }}
      />
    );
  }
  if (advisors.status === 'loading') return <LoadingState />;
  if (advisors.status === 'error')
    return (
      <ErrorState
        message={refusalText(advisors.error, t('admin.loadError'))}
        onRetry={advisors.retry}
      />
    );
  return (
    <section aria-label={t('admin.section.advisors')}>
      <PriceRequestsPanel />
      <Button block onClick={() => setEditing('new')}>
        {t('admin.advisors.create')}
      </Button>
      <ul className="list admin-list">
        {advisors.data.advisors.map((advisor) => {
          const category = findCategory(advisor.category_id);
          return (
            <li key={advisor.id} className="card admin-advisor" data-active={advisor.is_active}>
              <div className="admin-row">
                <Avatar src={advisor.avatar} alt="" size={48} />
                <div className="admin-grow">
                  <strong>
                    #{advisor.id} {advisor.name}
                  </strong>
                  <div className="small muted">
                    {category ? t(`categories.${category.slug}`) : advisor.category_id} ·{' '}
                    {formatPricePerMessage(advisor.price_cents)} · ★ {formatNumber(advisor.rating)}{' '}
                    ({formatNumber(advisor.reviews)})
                  </div>
                  <div className="small">
                    {advisor.is_active
                      ? t('admin.advisors.activeBadge')
                      : t('admin.advisors.inactiveBadge')}
                    {advisor.is_demo ? ` · ${t('admin.advisors.demo')}` : ''} ·{' '}
                    {advisor.telegram_id === null
                      ? t('admin.advisors.notLinked')
                      : t('admin.advisors.linkedTo', { id: advisor.telegram_id })}
                  </div>
                  <FavouriteCount advisorId={advisor.id} />
                </div>
              </div>
              <div className="admin-actions">
                <Button variant="secondary" onClick={() => setEditing(advisor)}>
                  {t('admin.advisors.edit')}
                </Button>
                <ConfirmAction
                  variant={advisor.is_active ? 'outline' : 'secondary'}
                  label={
                    advisor.is_active
                      ? t('admin.advisors.deactivate')
                      : t('admin.advisors.activate')
                  }
                  question={t(
                    advisor.is_active
                      ? 'admin.advisors.confirmDeactivate'
                      : 'admin.advisors.confirmActivate',
                    { name: advisor.name },
                  )}
                  onConfirm={async () => {
                    await saveAdvisor(bodyOf(advisor, !advisor.is_active));
                  }}
                />
              </div>
              <LinkForm advisor={advisor} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
