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
