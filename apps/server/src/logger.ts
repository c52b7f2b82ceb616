/** The one logger: JSON lines (pino); each part of the server logs through a child with its `module`. */
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({ level });
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
