/**
 * Advisors are numbered by a PostgreSQL INTEGER (serial): an advisor id is 1 … 2^31 − 1, and
 * anything else is refused as a bad request before it reaches the database (ids.ts holds every
 * entity's id type).
 */
export { advisorIdField, INTEGER_ID_MAX as ADVISOR_ID_MAX } from './ids.js';

/**
 * The wire names an advisor `manager_id` (the names client apps already use); the server's code
 * calls it `advisorId`. Request schemas with `manager_id` turn it into `advisorId` here, once.
 */
export function withAdvisorId<T extends { manager_id: number }>({
  manager_id,
  ...rest
}: T): Omit<T, 'manager_id'> & { advisorId: number } {
  return { ...rest, advisorId: manager_id };
}
