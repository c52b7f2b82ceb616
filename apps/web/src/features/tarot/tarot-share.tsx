/**
 * The end of a draw (decision 054): share the card. "Send to a chat" sends the bot's prepared card
 * with Telegram.WebApp.shareMessage (or opens Telegram's share link elsewhere); "Post to a story"
 * opens the story editor with the card's picture and a widget on the user's invite link
 * (startapp=ref_…) — shown only where Telegram posts stories (its phone apps).
 */
import { useState } from 'react';
import { callApi } from '../../lib/api-client';
import { useLocale, useT } from '../../lib/i18n';
import {
  canShareMessage,
  canShareToStory,
  haptic,
  openTelegramLink,
  shareMessage,
  shareToStory,
} from '../../lib/telegram';
import { showToast } from '../../shared/ui/toast';
import { ShareIcon } from '../../shared/ui/icons';
import type { TarotDraw } from '../../shared/tarot-art/tarot-deck';
import styles from './tarot.module.css';

/** Telegram's share sheet for a link (https://core.telegram.org/widgets/share). */
function telegramShareUrl(link: string, text: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`;
}

export function TarotShare({ draw, cardName }: { draw: TarotDraw; cardName: string }) {
  const t = useT();
  const locale = useLocale();
  const [busy, setBusy] = useState<'message' | 'story' | null>(null);

  const prepare = () =>
    callApi('ShareTarot', { body: { card: draw.card, reversed: draw.reversed, lang: locale } });

  const sendToChat = async () => {
    haptic.impact('light');
    setBusy('message');
    try {
      const answer = await prepare();
      if (
        answer.prepared_message_id &&
        canShareMessage() &&
        shareMessage(answer.prepared_message_id)
      )
        return;
      openTelegramLink(
        telegramShareUrl(
          answer.link ?? window.location.origin,
          t('daily.share.shareText', { card: cardName }),
        ),
      );
    } catch {
      showToast(t('daily.share.failed'), 'error');
    } finally {
      setBusy(null);
    }
  };

  const postStory = async () => {
    haptic.impact('light');
    setBusy('story');
    try {
      const answer = await prepare();
      shareToStory(answer.story_image_url, {
        text: t('daily.share.storyText', { card: cardName }),
        ...(answer.link ? { link: { url: answer.link, name: t('daily.share.widget') } } : {}),
      });
    } catch {
      showToast(t('daily.share.failed'), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      className={`card ${styles.share}`}
      aria-labelledby="tarot-share"
      data-testid="tarot-share"
    >
      <h2 id="tarot-share">{t('daily.share.title')}</h2>
      <div className={styles.shareActions}>
        <button
          type="button"
          className="button button-primary"
          disabled={busy !== null}
          onClick={() => void sendToChat()}
        >
          <ShareIcon aria-hidden="true" width={18} height={18} /> {t('daily.share.message')}
        </button>
        {canShareToStory() && (
          <button
            type="button"
            className="button button-light"
            disabled={busy !== null}
            onClick={() => void postStory()}
          >
            {t('daily.share.story')}
          </button>
        )}
      </div>
    </section>
  );
}
