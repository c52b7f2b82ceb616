/**
 * After a rating of 1 or 2 stars the server may offer a satisfaction credit (what the dialog's
 * last paid messages cost, capped; docs/product-rules.md#satisfaction-credit): shown as a modal
 * whose one button accepts it. A repeated tap or a retry credits nothing more.
 */
import type { SatisfactionOffer } from '@seer/contract';
import { callApi } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { formatAmount, t } from '../../lib/i18n';
import { invalidate } from '../../lib/use-data';
import { USER_DATA_KEY } from '../../lib/user';
import { openModal } from '../../shared/ui/modal';
import { showToast } from '../../shared/ui/toast';

export function offerSatisfactionCredit(offer: SatisfactionOffer | null | undefined): void {
  if (!offer || offer.claimed) return;
  const amount = formatAmount(offer.amount_cents);
  openModal({
    variant: 'credit',
    params: { amount, count: offer.message_count },
    onAction: async () => {
      try {
        await callApi('ClaimSatisfactionCredit', { body: { offer_id: offer.id } });
      } catch (error) {
        // Shown in the modal, which stays open for another try.
        throw new Error(errorText(error));
      }
      invalidate(USER_DATA_KEY);
      invalidate('notifications');
      showToast(t('chat.creditReceived', { amount }), 'success');
    },
  });
}
