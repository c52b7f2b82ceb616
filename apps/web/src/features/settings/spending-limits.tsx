/**
 * Settings → Spending limits: a daily and a monthly cap on what paid messages may cost
 * (docs/product-rules.md#spending-limits). A lower limit applies at once; a higher one, or none,
 * 24 hours later, and the waiting change is shown with its time.
 */
import { useState, type FormEvent } from 'react';
import {
  formatCents,
  formatMoneyNumber,
  parseMoney,
  type SpendingLimit,
  type SpendingLimitsAnswer,
} from '@seer/contract';
import { callApi } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { formatAmount, formatDate, useLocale, useT } from '../../lib/i18n';
import { setCachedData, useData } from '../../lib/use-data';
import { useMainButton } from '../../shared/ui/main-button';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { showToast } from '../../shared/ui/toast';

const KEY = 'spending-limits';
type Period = 'daily' | 'monthly';
const PERIODS: readonly Period[] = ['daily', 'monthly'];

const when = (iso: string) =>
  formatDate(new Date(iso), { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

function LimitFacts({ period, limit }: { period: Period; limit: SpendingLimit }) {
  const t = useT();
  return (
    <div className="small muted spending-facts">
      <p>
        {limit.limit_cents === null
          ? t(`spending.spentNoLimit.${period}`, { spent: formatAmount(limit.spent_cents) })
          : t(`spending.spent.${period}`, {
              spent: formatAmount(limit.spent_cents),
              limit: formatAmount(limit.limit_cents),
            })}
      </p>
      {limit.pending && (
        <p className="spending-pending" role="status">
          {limit.pending.limit_cents === null
            ? t('spending.pendingRemoval', { when: when(limit.pending.applies_at) })
            : t('spending.pendingRaise', {
                limit: formatAmount(limit.pending.limit_cents),
                when: when(limit.pending.applies_at),
              })}
        </p>
      )}
    </div>
  );
}

function LimitsForm({ limits }: { limits: SpendingLimitsAnswer }) {
  const t = useT();
  const locale = useLocale();
  const shown = (cents: number | null) => (cents === null ? '' : formatMoneyNumber(cents, locale));
  const [drafts, setDrafts] = useState<Record<Period, string>>({
    daily: shown(limits.daily.limit_cents),
    monthly: shown(limits.monthly.limit_cents),
  });
  const [errors, setErrors] = useState<Partial<Record<Period, string>>>({});
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body: Partial<Record<Period, string | null>> = {};
    const found: Partial<Record<Period, string>> = {};
    for (const period of PERIODS) {
      const text = drafts[period].trim();
      // Only what the user changed is sent: an untouched field keeps a waiting raise waiting.
      if (text === shown(limits[period].limit_cents)) continue;
      if (text === '') {
        body[period] = null;
        continue;
      }
      const parsed = parseMoney(text, locale);
      if (parsed.ok) body[period] = formatCents(parsed.cents);
      else found[period] = t(`spending.${parsed.error}`);
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || Object.keys(body).length === 0) return;
    setBusy(true);
    try {
      const next = await callApi('SetSpendingLimits', { body });
      setCachedData(KEY, next);
      setDrafts({ daily: shown(next.daily.limit_cents), monthly: shown(next.monthly.limit_cents) });
      const waiting = PERIODS.some((period) => period in body && next[period].pending);
      showToast(t(waiting ? 'spending.savedPending' : 'spending.saved'), 'success');
    } catch (failure) {
      showToast(errorText(failure, t('spending.saveError')), 'error');
    } finally {
      setBusy(false);
    }
  };

  // Saving is the screen's main action: Telegram's MainButton inside Telegram.
  const saveButton = useMainButton({
    text: t('spending.save'),
    form: 'spending-form',
    progress: busy,
    progressText: t('spending.saving'),
  });

  return (
    <form
      id="spending-form"
      onSubmit={(event) => void save(event)}
      noValidate
      className="spending-form"
    >
      {PERIODS.map((period) => (
        <div key={period} className="field spending-field">
          <label htmlFor={`spending-${period}`}>{t(`spending.label.${period}`)}</label>
          <div className="spending-input">
            {locale === 'en' && <span aria-hidden="true">$</span>}
            <input
              id={`spending-${period}`}
              className="input"
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('spending.noLimit')}
              value={drafts[period]}
              aria-invalid={errors[period] ? true : undefined}
              aria-describedby={errors[period] ? `spending-${period}-error` : undefined}
              onChange={(event) =>
                setDrafts((current) => ({ ...current, [period]: event.target.value }))
              }
            />
            {locale !== 'en' && <span aria-hidden="true">$</span>}
          </div>
          {errors[period] && (
            <p id={`spending-${period}-error`} className="field-error" role="alert">
              {errors[period]}
            </p>
          )}
          <LimitFacts period={period} limit={limits[period]} />
        </div>
      ))}
      <p className="small muted">
        {t('spending.rules', {
          reset: formatDate(new Date(limits.daily.resets_at), {
            hour: '2-digit',
            minute: '2-digit',
          }),
        })}
      </p>
      {saveButton}
    </form>
  );
}

export function SpendingLimits() {
  const t = useT();
  const limits = useData(KEY, () => callApi('GetSpendingLimits'));
  return (
    <section className="card settings-group spending" aria-labelledby="settings-spending">
      <h2 id="settings-spending">{t('spending.title')}</h2>
      {limits.status === 'loading' && <LoadingState />}
      {limits.status === 'error' && (
        <ErrorState message={t('spending.loadFailed')} onRetry={limits.retry} />
      )}
      {limits.status === 'success' && <LimitsForm limits={limits.data} />}
    </section>
  );
}
