import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';
import { DEFAULT_PASSWORD } from './db/factories';
import { DEMO_ACCOUNTS } from './db/seed';

const ANY_ADDRESS = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * The address a newcomer opens: where the server really listens (the PORT it got, HOST when it
 * names one), with `localhost` for a server listening on every interface.
 */
export function listenUrl(port: number, host: string): string {
  const name = ANY_ADDRESS.has(host) ? 'localhost' : host;
  const shown = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
  return `http://${shown}:${port}`;
}

/** What the demo accounts are (README's table), in the order a newcomer tries them. */
const DEMO_ROLES: Record<keyof typeof DEMO_ACCOUNTS, string> = {
  admin: 'platform admin',
  dispatcher: 'dispatcher, taxi console',
  dispatcher2: 'second dispatcher, taxi console (softphone 102)',
  manager: "the taxi company's manager (users, fleet, settings; softphone 103)",
  courier: 'courier company',
  restaurant: 'restaurant company',
  protocol: 'protocol client of the taxi company',
};

/**
 * The first start's second line: the demo accounts and their password (the seed just created
 * them), one `email (what it is)` per account.
 */
export function demoAccountsLine(): string {
  const accounts = (Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[]).map(
    (key) => `${DEMO_ACCOUNTS[key]} (${DEMO_ROLES[key]})`,
  );
  return `Demo accounts, password ${DEFAULT_PASSWORD}: ${accounts.join(', ')}`;
}

/**
 * Where log lines go: readable lines on a terminal (pino-pretty, in this thread, so a crash
 * loses nothing), JSON lines otherwise (a file, a pipe, a log collector). Undefined = pino's
 * own JSON to stdout.
 */
export function logDestination(stdoutIsTty: boolean): DestinationStream | undefined {
  if (!stdoutIsTty) return undefined;
  return pretty({
    colorize: true,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: false,
  });
}
