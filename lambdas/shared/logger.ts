/**
 * Structured JSON logs, one object per line, as CloudWatch Logs Insights reads them.
 * `LOG_LEVEL=silent` quiets them (tests that provoke errors on purpose).
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 99,
};

function threshold(): number {
  const level = (process.env.LOG_LEVEL ?? 'info') as Level | 'silent';
  return order[level] ?? order.info;
}

function write(level: Level, msg: string, fields: Record<string, unknown>): void {
  if (order[level] < threshold()) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields });
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export const logger = {
  debug: (msg: string, fields: Record<string, unknown> = {}) => write('debug', msg, fields),
  info: (msg: string, fields: Record<string, unknown> = {}) => write('info', msg, fields),
  warn: (msg: string, fields: Record<string, unknown> = {}) => write('warn', msg, fields),
  error: (msg: string, fields: Record<string, unknown> = {}) => write('error', msg, fields),
};
