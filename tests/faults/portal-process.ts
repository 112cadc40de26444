import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT_DIR } from '#server/paths.ts';

/**
 * The portal as an operator runs it (server/main.ts: its own process, its signal handling, its
 * pages), started from the sources through tsx so that a fault test checks the code it sits
 * beside. Listens on a free port and reports it from its start-up log line.
 */
export interface PortalProcess {
  origin: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when ended by a signal). */
  exited: Promise<number | null>;
  output(): string;
  alive(): boolean;
}

export async function startPortal(env: Record<string, string>): Promise<PortalProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT_DIR,
    // Only what the portal is given here: the caller's DATABASE_URL, REDIS_URL... never leak in.
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DEV_FIXED_CODES: '1', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  let exitCode: number | null | undefined;
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-200_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const origin = await new Promise<string>((resolve, reject) => {
    // Loading the sources through tsx and the built pages took 10–20 s on a busy two-core host.
    const timer = setTimeout(() => reject(new Error(`门户 90 秒内未启动：\n${log}`)), 90_000);
    const look = () => {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`门户启动失败（退出码 ${code}）：\n${log}`));
    });
  });
  return { origin, child, exited, output: () => log, alive: () => exitCode === undefined };
}

/** Stops the portal: SIGTERM, then SIGKILL if it is still there after 35 s. */
export async function stopPortal(portal: PortalProcess | undefined): Promise<void> {
  if (!portal?.alive()) return;
  portal.child.kill('SIGTERM');
  const timer = setTimeout(() => portal.child.kill('SIGKILL'), 35_000);
  await portal.exited;
  clearTimeout(timer);
}
