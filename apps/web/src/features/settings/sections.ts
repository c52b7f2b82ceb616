/** The short screens Settings leads to (/settings/:section), in the order it lists them. */
export const SETTINGS_SECTIONS = ['limits', 'invites', 'alerts', 'privacy'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export function isSettingsSection(value: string | undefined): value is SettingsSection {
  return (SETTINGS_SECTIONS as readonly string[]).includes(value ?? '');
}
