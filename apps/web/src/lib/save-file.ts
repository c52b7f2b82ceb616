/**
 * Saves a file the server answered (an export or a transcript the bot could not send): a download
 * in a browser. Telegram's in-app browser may ignore it; the server prefers the bot's chat there.
 */
import type { PrivacyFile } from '@seer/contract';

export function saveFile(file: PrivacyFile): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: `${file.mime};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
