/** "Send transcript to Telegram": the bot sends the chat as a file; where it cannot, the app saves it. */
import { errorText } from '../../lib/error-text';
import { saveFile } from '../../lib/save-file';
import type { useT } from '../../lib/i18n';
import { showToast } from '../../shared/ui/toast';
import { sendTranscript } from './api/transcript';

export async function sendTranscriptToTelegram(
  advisorId: number,
  t: ReturnType<typeof useT>,
): Promise<void> {
  try {
    const answer = await sendTranscript(advisorId);
    if (answer.delivered === 'chat') showToast(t('privacy.transcript.sent'), 'success');
    else if (answer.file) {
      saveFile(answer.file);
      showToast(t('privacy.transcript.saved'), 'success');
    }
  } catch (error) {
    showToast(errorText(error, t('privacy.transcript.failed')), 'error');
  }
}
