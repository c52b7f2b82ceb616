/**
 * The device's time zone, told to the server once (and again when it changes) so the bot keeps
 * quiet at night where the user is (docs/decisions/027-favourites-and-notifications.md).
 *
 * Naming the zone needs Intl's date formats, whose first use costs tens of milliseconds of the page's
 * main thread on a phone; nothing on the first screen needs them. So the zone is read in a small
 * worker, and only when the clock's offset from UTC differs from the one last reported (a new
 * device, travel, a daylight-saving change): on an ordinary launch nothing is read at all.
 */
import { callApi } from '../../lib/api-client';

const REPORTED_KEY = 'seer.timeZoneReported';

interface Reported {
  zone: string;
  offset: number;
}

function lastReported(): Reported | null {
  try {
    const raw = localStorage.getItem(REPORTED_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Reported>;
    return typeof parsed.zone === 'string' && typeof parsed.offset === 'number'
      ? { zone: parsed.zone, offset: parsed.offset }
      : null;
  } catch {
    return null;
  }
}

/** The IANA zone, read off the main thread where workers exist. */
function readZone(): Promise<string | undefined> {
  const onThisThread = () => Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  if (typeof Worker !== 'function') return Promise.resolve(onThisThread());
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./time-zone.worker.ts', import.meta.url));
    } catch {
      resolve(onThisThread());
      return;
    }
    worker.onmessage = (event: MessageEvent<unknown>) => {
      worker.terminate();
      resolve(typeof event.data === 'string' && event.data ? event.data : undefined);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(onThisThread());
    };
  });
}

export function reportTimeZone(): void {
  const offset = new Date().getTimezoneOffset();
  const reported = lastReported();
  if (reported && reported.offset === offset) return;
  void readZone()
    .then((zone) => {
      if (!zone) return;
      if (reported?.zone === zone) {
        remember({ zone, offset });
        return;
      }
      return callApi('SetTimeZone', { body: { time_zone: zone } }).then(() =>
        remember({ zone, offset }),
      );
    })
    .catch(() => {
      // not reported: tried again next launch
    });
}

function remember(reported: Reported): void {
  try {
    localStorage.setItem(REPORTED_KEY, JSON.stringify(reported));
  } catch {
    // not remembered: told again next launch
  }
}
