/**
 * Share on an advisor's profile: inside Telegram (Bot API 8.0) the bot's prepared card goes
 * through Telegram.WebApp.shareMessage; elsewhere, or when Telegram would not prepare one, a
 * t.me/share/url link to the advisor's Mini App link opens.
 */
import { useState } from 'react';
import { useLocale, useT } from '../../lib/i18n';
import { canShareMessage, haptic, openTelegramLink, shareMessage } from '../../lib/telegram';
import { ShareIcon } from '../../shared/ui/icons';
import { showToast } from '../../shared/ui/toast';
import { shareAdvisor } from './api/share-advisor';

/** Telegram's share sheet for a link (https://core.telegram.org/widgets/share). */
export function telegramShareUrl(link: string, text: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`;
}

export function ShareAdvisorButton({ advisorId, name }: { advisorId: number; name: string }) {
  const t = useT();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);

  const share = async () => {
    haptic.impact('light');
    setBusy(true);
    try {
      const answer = await shareAdvisor(advisorId, locale);
      if (
        answer.prepared_message_id &&
        canShareMessage() &&
        shareMessage(answer.prepared_message_id)
      )
        return;
      openTelegramLink(telegramShareUrl(answer.link, t('links.shareText', { name })));
    } catch {
      showToast(t('common.genericError'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="icon-button share-button"
      aria-label={t('links.share')}
      disabled={busy}
      onClick={() => void share()}
    >
      <ShareIcon />
    </button>
  );
}
