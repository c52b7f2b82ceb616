/** Cache keys of the workspace's data; every workspace call answers only to a linked advisor (403 otherwise). */
export const WORKSPACE_KEY = 'workspace:';
export const inboxKey = `${WORKSPACE_KEY}chats`;
export const dialogKey = (telegramUserId: number) => `${WORKSPACE_KEY}messages:${telegramUserId}`;
export const clientCardKey = (telegramUserId: number) =>
  `${WORKSPACE_KEY}client-card:${telegramUserId}`;
export const quickRepliesKey = `${WORKSPACE_KEY}quick-replies`;
export const ownProfileKey = `${WORKSPACE_KEY}own-profile`;
