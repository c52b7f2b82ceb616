/** Names the device's time zone off the page's main thread (see time-zone.ts). */
postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone);
