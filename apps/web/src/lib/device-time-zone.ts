/**
 * The device's IANA time zone ("UTC" when it cannot tell): what "today" and a chosen hour are read
 * in. Read once per launch: naming the zone needs Intl's date formats, whose first use is dear.
 */
let zone: string | undefined;

export function deviceTimeZone(): string {
  if (zone === undefined) {
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      zone = 'UTC';
    }
  }
  return zone;
}
