/** The Telegram user object inside Mini App init data (`user=` field), as Telegram documents it. */
export interface TelegramUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  photo_url?: string;
  allows_write_to_pm?: boolean;
  is_premium?: boolean;
}
