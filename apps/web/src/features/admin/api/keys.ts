/** Cache keys of the admin section's data; every admin call answers only to ADMIN_TELEGRAM_IDS (403 otherwise). */
export const ADMIN_KEY = 'admin:';
export const advisorsKey = `${ADMIN_KEY}advisors`;
/** Every user list and ledger: a balance change makes them stale. */
export const usersPrefix = `${ADMIN_KEY}users:`;
export const payoutsPrefix = `${ADMIN_KEY}payouts:`;
export const priceRequestsKey = `${ADMIN_KEY}price-requests`;
