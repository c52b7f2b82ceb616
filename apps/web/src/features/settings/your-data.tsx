/**
 * Settings → Your data (decision 050): "Download my data" (the bot sends the file to the user's
 * Telegram chat, or the app saves it), and "Delete account" in two steps — the first shows what is
 * left on the balance and how to spend it or have Stars refunded, the second deletes.
 */
import { useState } from 'react';
import type { DeleteAccountAnswer } from '@seer/contract';
import { errorText } from '../../lib/error-text';
import { formatAmount, useT } from '../../lib/i18n';
import { saveFile } from '../../lib/save-file';
import { openSupport } from '../../lib/support';
import { closeOrReload, isInTelegram } from '../../lib/telegram';
import { Button, ButtonLink } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import { showToast } from '../../shared/ui/toast';
import { askAccountDeletion, confirmAccountDeletion, exportMyData } from './api/your-data';

type Confirmation = Extract<DeleteAccountAnswer, { step: 'confirm' }>;

function DeleteDialog({
  confirmation,
  onCancel,
  onDeleted,
}: {
  confirmation: Confirmation;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const hasBalance = confirmation.balance_cents > 0;
  const remove = async () => {
    setBusy(true);
    try {
      await confirmAccountDeletion(confirmation.confirm_token);
      onDeleted();
    } catch (error) {
      showToast(errorText(error, t('privacy.delete.failed')), 'error');
      onCancel();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      role="alertdialog"
      className="your-data-dialog"
      labelledBy="delete-account-title"
      describedBy="delete-account-what"
      // While the account is being deleted nothing closes the dialog, the BackButton included.
      dismissible={!busy}
      onClose={onCancel}
    >
      <h2 id="delete-account-title">{t('privacy.delete.title')}</h2>
      <p id="delete-account-what">{t('privacy.delete.what')}</p>
      <dl className="profile-facts">
        <dt>{t('privacy.delete.balance')}</dt>
        <dd>
          <strong data-testid="delete-balance">{formatAmount(confirmation.balance_cents)}</strong>
        </dd>
        <dt>{t('privacy.delete.freeMessages')}</dt>
        <dd>{confirmation.free_messages}</dd>
      </dl>
      {hasBalance && (
        <div className="your-data-warning" role="note">
          <p>{t('privacy.delete.balanceLost')}</p>
          {confirmation.refundable_stars_payments > 0 && (
            <p>
              {t('privacy.delete.starsRefund', {
                count: confirmation.refundable_stars_payments,
              })}
            </p>
          )}
          <div className="your-data-actions">
            <ButtonLink href="/" variant="secondary">
              {t('privacy.delete.spend')}
            </ButtonLink>
            <Button variant="secondary" onClick={openSupport}>
              {t('privacy.delete.askRefund')}
            </Button>
          </div>
        </div>
      )}
      <p className="muted small">{t('privacy.delete.kept')}</p>
      <Button
        variant="danger"
        block
        busy={busy}
        busyLabel={t('privacy.delete.deleting')}
        onClick={() => void remove()}
      >
        {t('privacy.delete.confirm')}
      </Button>
      <Button variant="secondary" block onClick={onCancel} disabled={busy} autoFocus>
        {t('privacy.delete.cancel')}
      </Button>
    </Dialog>
  );
}

/** What the app shows once the account is gone: every call would now be refused. */
export function AccountDeleted() {
  const t = useT();
  return (
    <div className="page your-data-deleted" role="status">
      <h1>{t('privacy.deleted.title')}</h1>
      <p>{t('privacy.deleted.text')}</p>
      <Button block onClick={closeOrReload}>
        {t(isInTelegram() ? 'privacy.deleted.close' : 'privacy.deleted.restart')}
      </Button>
    </div>
  );
}

export function YourData({ onDeleted }: { onDeleted: () => void }) {
  const t = useT();
  const [exporting, setExporting] = useState(false);
  const [asking, setAsking] = useState(false);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const download = async () => {
    setExporting(true);
    try {
      const answer = await exportMyData();
      if (answer.delivered === 'chat') showToast(t('privacy.export.sent'), 'success');
      else if (answer.file) {
        saveFile(answer.file);
        showToast(t('privacy.export.saved'), 'success');
      }
    } catch (error) {
      showToast(errorText(error, t('privacy.export.failed')), 'error');
    } finally {
      setExporting(false);
    }
  };

  const askDeletion = async () => {
    setAsking(true);
    try {
      const answer = await askAccountDeletion();
      if (answer.step === 'confirm') setConfirmation(answer);
    } catch (error) {
      showToast(errorText(error, t('privacy.delete.failed')), 'error');
    } finally {
      setAsking(false);
    }
  };

  return (
    <section className="card settings-group your-data" aria-labelledby="settings-your-data">
      <h2 id="settings-your-data">{t('privacy.title')}</h2>
      <p className="muted small">{t('privacy.hint')}</p>
      <div className="your-data-buttons">
        <Button
          variant="secondary"
          block
          busy={exporting}
          busyLabel={t('privacy.export.busy')}
          onClick={() => void download()}
        >
          {t('privacy.export.button')}
        </Button>
        <Button
          variant="danger"
          block
          busy={asking}
          busyLabel={t('privacy.delete.asking')}
          onClick={() => void askDeletion()}
        >
          {t('privacy.delete.button')}
        </Button>
      </div>
      {confirmation && (
        <DeleteDialog
          confirmation={confirmation}
          onCancel={() => setConfirmation(null)}
          onDeleted={() => {
            setConfirmation(null);
            onDeleted();
          }}
        />
      )}
    </section>
  );
}
