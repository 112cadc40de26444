import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { ROOT_DIR } from '#server/paths.ts';
import { SERVER_ENTRY, serverArgs, serverEnv } from '../../scripts/server-command.mjs';

/**
 * The built portal (`node <flags> build/server.mjs`, as `npm run serve` runs it) as a child process, for
 * tests of what only a real process shows: crashes, signals, restarts. Listens on a free port
 * (PORT=0) and reports it from its start-up log line.
 */
export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
}

export async function startBuiltServer(env: Record<string, string>): Promise<ServerProcess> {
  if (!existsSync(SERVER_ENTRY)) throw new Error('找不到 build/server.mjs：请先运行 npm run build（npm test 会自动构建）');
  const child = spawn(process.execPath, serverArgs(), {
    cwd: ROOT_DIR,
    // Only what the server needs: the caller's DATABASE_URL, REDIS_URL... never leak in.
    env: serverEnv({ PATH: process.env.PATH ?? '', NODE_ENV: 'test', DEV_FIXED_CODES: '1', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`服务 60 秒内未启动：\n${log}`)), 60_000);
    child.stdout!.on('data', () => {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`服务启动失败（退出码 ${code}）：\n${log}`));
    });
  });
  return { origin, child, exited, output: () => log };
}

export interface Answer<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Headers;
}

/** One call over HTTP, answering the parsed envelope (code -1 when the body is not one). */
export async function request<T = any>(origin: string, url: string, init: { method?: string; body?: unknown; form?: FormData; token?: string; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(origin + url, {
    method: init.method ?? (init.body === undefined && !init.form ? 'GET' : 'POST'),
    headers,
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await res.text();
  try {
    return { status: res.status, headers: res.headers, ...(JSON.parse(text) as { code: number; msg: string; data: T }) };
  } catch {
    return { status: res.status, headers: res.headers, code: -1, msg: text.slice(0, 300), data: null as T };
  }
}

/** Logs the demo enterprise in (fixed captcha answer of DEV_FIXED_CODES); answers the access token. */
export async function loginDemo(origin: string): Promise<string> {
  const uuid = randomUUID();
  await (await fetch(`${origin}/fykj/captcha?uuid=${uuid}`)).arrayBuffer();
  const r = await request<{ access_token: string }>(origin, '/fykj/en-login', { body: { loginName: '13800138000', password: 'Demo#2026', uuid, code: '8888' } });
  if (r.code !== 0) throw new Error(`演示账号登录失败：${r.status} ${r.msg}`);
  return r.data.access_token;
}
