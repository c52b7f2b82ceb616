/**
 * A dialog's last message in a list: its text, or a picture icon and the word "Picture" for a
 * picture sent without text (the server's preview of one is a camera emoji; decision 055).
 */
import { useT } from '../../lib/i18n';
import { ImageIcon } from './icons';

/** What the server stores as the preview of a picture without text (messagePreview). */
const PICTURE_PREVIEW = '\u{1F4F7}';

export function MessagePreview({ text, empty }: { text: string; empty: string }) {
  const t = useT();
  if (text === PICTURE_PREVIEW)
    return (
      <span className="message-preview-picture">
        <ImageIcon aria-hidden="true" focusable="false" />
        {t('chat.image')}
      </span>
    );
  return <>{text || empty}</>;
}
