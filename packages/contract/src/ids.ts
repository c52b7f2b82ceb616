/**
 * One id type per entity, the same range as its database column, so that an id the contract
 * accepts is always one the database can hold (docs/decisions/012-ids-and-http-hygiene.md).
 *
 * | Entity                     | Column                    | Accepted             |
 * | -------------------------- | ------------------------- | -------------------- |
 * | advisor (`manager_id`)     | `advisors.id` SERIAL      | 1 … 2^31 − 1         |
 * | Telegram user              | `users.telegram_id` BIGINT | 1 … 2^53 − 1        |
 * | TON deposit                | `ton_deposits.id` BIGSERIAL | 1 … 2^53 − 1       |
 * | category                   | `advisors.category_id` CHECK 1 … 12 | 1 … 12     |
 * | image                      | `images.id` UUID          | a UUID               |
 * | advisor's quick reply      | `advisor_quick_replies.id` SERIAL | 1 … 2^31 − 1 |
 *
 * BIGINT columns go beyond 2^53, but JavaScript numbers do not; the serials never get there.
 */
import { z } from 'zod';

/** The largest PostgreSQL INTEGER (SERIAL). */
export const INTEGER_ID_MAX = 2_147_483_647;
/** The largest id a JSON number carries exactly (BIGINT columns). */
export const BIGINT_ID_MAX = Number.MAX_SAFE_INTEGER;

/**
 * A whole number from `min` to `max`, given as a JSON number or as a string of digits (query
 * parameters are strings; some clients send ids in bodies as strings). Anything else — floats,
 * exponents, signs, spaces, booleans, arrays, empty — is refused with one clear message.
 */
function wholeNumberField(min: number, max: number): z.ZodType<number, number | string> {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,20}$/.test(value) ? Number(value) : value),
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message }),
  ) as z.ZodType<number, number | string>;
}

/** `manager_id` (and the advisor's `id`) in a query or a body. */
export const advisorIdField = wholeNumberField(1, INTEGER_ID_MAX);
/** A Telegram user's id (`telegram_user_id`, `telegram_id`) in a query or a body. */
export const telegramIdField = wholeNumberField(1, BIGINT_ID_MAX);
/** A chat message's id (`messages.id`). */
export const messageIdField = wholeNumberField(1, BIGINT_ID_MAX);
/** A TON deposit's id. */
export const depositIdField = wholeNumberField(1, BIGINT_ID_MAX);
/** One of the 12 categories (categories.ts). */
export const categoryIdField = wholeNumberField(1, 12);
/** One of an advisor's quick replies (`advisor_quick_replies.id`). */
export const quickReplyIdField = wholeNumberField(1, INTEGER_ID_MAX);
/** An uploaded image (`image_id`). */
export const imageIdField = z.uuid({ error: 'must be an image id from UploadImage.php' });

/** Socket frames are JSON: their ids are numbers, never strings. */
export const advisorIdNumber = z.number().int().min(1).max(INTEGER_ID_MAX);
export const telegramIdNumber = z.number().int().min(1).max(BIGINT_ID_MAX);
