/**
 * Settings' invite card: the user's invite link to copy or share, what a friend's first top-up
 * brings both of them, and how many joined and what was earned
 * (docs/product-rules.md#deep-links-sharing-and-referrals).
 */
import { useT } from '../../lib/i18n';
import { haptic, openTelegramLink } from '../../lib/telegram';
import { Button } from '../../shared/ui/button';
import { CopyIcon, GiftIcon, ShareIcon } from '../../shared/ui/icons';
import { showToast } from '../../shared/ui/toast';
import { useInvite } from './api/get-invite';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function InviteCard() {
  const t = useT();
  const invite = useInvite();
  // Nothing to show while loading or when the call failed: the rest of Settings stays usable.
  if (invite.status !== 'success') return null;
  const { link, code, joined, earned_free_messages: earned } = invite.data;
  const perInvite = invite.data.free_messages_per_invite;
  const shown = link ?? code;

  const copy = async () => {
    haptic.impact('light');
    const copied = await copyText(shown);
    showToast(copied ? t('links.copied') : t('links.copyFailed'), copied ? 'success' : 'error');
  };
  const share = () => {
    haptic.impact('light');
    const text = t('links.inviteShareText');
    openTelegramLink(
      `https://t.me/share/url?url=${encodeURIComponent(shown)}&text=${encodeURIComponent(text)}`,
    );
  };

  return (
    <section className="card invite-card" aria-labelledby="invite-title">
      <h2 id="invite-title" className="invite-title">
        <GiftIcon />
        {t('links.inviteTitle')}
      </h2>
      <p className="invite-text">
        {perInvite > 0 ? t('links.inviteReward', { count: perInvite }) : t('links.inviteNoReward')}
      </p>
      <p className="invite-link" data-testid="invite-link">
        {shown}
      </p>
      <div className="invite-actions">
        <Button variant="secondary" onClick={() => void copy()}>
          <CopyIcon />
          {t('links.copy')}
        </Button>
        {link && (
          <Button onClick={share}>
            <ShareIcon />
            {t('links.share')}
          </Button>
        )}
      </div>
      <dl className="invite-stats">
        <dt>{t('links.joined')}</dt>
        <dd>{t('links.joinedCount', { count: joined })}</dd>
        <dt>{t('links.earned')}</dt>
        <dd>{t('links.earnedCount', { count: earned })}</dd>
      </dl>
    </section>
  );
}
