import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { stackPorts, type StackPorts } from './settings';

/** A problem the person starting the stack can fix; printed as one line, no stack trace. */
export class PreflightError extends Error {}

/** DynamoDB Local needs Java 17 or newer. */
export function checkJava(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const fix =
    'Install a Java runtime (Debian/Ubuntu: sudo apt-get install openjdk-17-jre-headless; ' +
    'macOS: brew install openjdk@17) and run npm start again.';
  if (result.error) {
    throw new PreflightError(`Java was not found: DynamoDB Local needs Java 17 or newer. ${fix}`);
  }
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  const major = match ? Number(match[1] === '1' ? match[2] : match[1]) : 0;
  if (major < 17) {
    throw new PreflightError(
      `Java ${major || '(unknown version)'} found: DynamoDB Local needs Java 17 or newer. ${fix}`,
    );
  }
}

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/**
 * Free on loopback and on the wildcard address: Linux lets a loopback bind succeed
 * next to a wildcard listener (DynamoDB Local's Java listens on `*`), so one check
 * alone misses one of the two.
 */
export async function isPortFree(port: number): Promise<boolean> {
  return (await canListen(port, '127.0.0.1')) && (await canListen(port, '::'));
}

/** Every port of the stack must be free before anything starts. */
export async function checkPorts(ports: StackPorts): Promise<void> {
  for (const [name, port] of Object.entries(ports) as [keyof StackPorts, number][]) {
    if (!(await isPortFree(port))) throw portInUseError(ports, name);
  }
}

/**
 * The one message for a port of the stack that something else holds, whether the
 * preflight check saw it or it was taken between that check and the emulator's bind
 * (another program starting at the same moment).
 */
export function portInUseError(ports: StackPorts, name: keyof StackPorts): PreflightError {
  const port = ports[name];
  const base = ports.gateway;
  return new PreflightError(
    `Port ${port} (${name}) is already in use: the stack needs ports ${base}-${Math.max(...Object.values(ports))}. ` +
      `Stop whatever uses it (an earlier npm start?) or pick other ports, e.g. PORT=${base + 100} npm start.`,
  );
}

/** A listen that failed because the port was taken (Node's EADDRINUSE, Java's BindException). */
export class PortTakenError extends Error {
  readonly code = 'EADDRINUSE';
  constructor(readonly port: number) {
    super(`listen EADDRINUSE: address already in use :${port}`);
  }
}

/** The port of an "address in use" failure, whichever server's listen raised it. */
export function takenPort(error: unknown): number | undefined {
  const failure = error as { code?: unknown; port?: unknown } | null;
  return failure?.code === 'EADDRINUSE' && typeof failure.port === 'number'
    ? failure.port
    : undefined;
}

/** A free base port with the stack's other ports after it also free (tests run stacks side by side). */
export async function findFreeBasePort(from = 20_000 + Math.floor(Math.random() * 20_000)) {
  const offsets = Object.values(stackPorts(0));
  for (let base = from; base < 65_000; base += offsets.length) {
    const ports = offsets.map((offset) => base + offset);
    const free = await Promise.all(ports.map(isPortFree));
    if (free.every(Boolean)) return base;
  }
  throw new Error('No free ports found');
}
