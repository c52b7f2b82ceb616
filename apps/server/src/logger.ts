/** The one logger: JSON lines (pino); each part of the server logs through a child with its `module`. */
import { pino, type Logger } from 'pino';

export type { Logger };

/** Lines are held until this many bytes are waiting, or the next periodic write. */
const BUFFERED_BYTES = 4096;
/** How often held lines are written at the latest. */
const BUFFERED_FLUSH_MS = 250;
/**
 * Lines held while standard output does not take them (a stalled log collector): beyond this,
 * new lines are dropped, where a synchronous write would stall the server and an unbounded
 * buffer would grow until the process runs out of memory.
 */
const BUFFERED_MAX_BYTES = 16 * 1024 * 1024;

export interface LoggerOptions {
  buffered?: boolean;
  /** Where the lines go: stdout unless a test says otherwise. */
  fd?: number;
  /** How often held lines are written at the latest, in ms. */
  flushMs?: number;
}

/**
 * The server process's logger is `buffered` (docs/decisions/062-log-lines-written-in-blocks.md):
 * a line per request, each written on its own, cost about 50 µs of the server's CPU per paid send
 * (an eighth of it) on a small VM, one system call each. Buffered, lines go out in blocks of up to
 * 4 KB, at most 250 ms late; a warning or an error starts the write at once with whatever is held
 * before it (main.ts does the same after its ready line), and pino writes what is left when the
 * process exits.
 */
export function createLogger(level: string, options: LoggerOptions = {}): Logger {
  if (!options.buffered) return pino({ level });
  const destination = pino.destination({
    dest: options.fd ?? 1,
    sync: false,
    minLength: BUFFERED_BYTES,
    maxLength: BUFFERED_MAX_BYTES,
    periodicFlush: options.flushMs ?? BUFFERED_FLUSH_MS,
  });
  return pino(
    {
      level,
      hooks: {
        logMethod(args, method, levelValue) {
          method.apply(this, args);
          if (levelValue < pino.levels.values.warn!) return;
          try {
            destination.flush();
          } catch {
            // the destination is closed: the process is exiting and pino wrote what it held
          }
        },
      },
    },
    destination,
  );
}

/** A logging function of the shape background workers take, writing to a pino logger. */
export type LogFunction = (
  level: 'info' | 'warn' | 'error',
  message: string,
  detail?: Record<string, unknown>,
) => void;

export function logTo(logger: Pick<Logger, 'info' | 'warn' | 'error'>): LogFunction {
  return (level, message, detail) => logger[level](detail ?? {}, message);
}
