/** Telegram ids for tests: counted up from a random start in each test file. */
let nextUserId = 100_000 + Math.floor(Math.random() * 1000) * 1000;

export function newUserId(): number {
  return nextUserId++;
}
