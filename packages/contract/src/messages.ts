import { countCharacters, fitText } from './text.js';

/** How a message is previewed in chat lists (the server stores it; the web app applies live frames with it). */
export function messagePreview(kind: string, text: string): string {
  // Cut between whole characters, so an emoji is never split into a broken half.
  // A text of at most 120 UTF-16 code units has at most 120 characters: no need to count them.
  if (text)
    return text.length > 120 && countCharacters(text) > 120 ? `${fitText(text, 117)}...` : text;
  return kind === 'image' ? '📷' : '';
}
