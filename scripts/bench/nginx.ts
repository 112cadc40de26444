import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Debian's nginx on loopback (`apt-get install nginx-light`), serving the portal's own bytes as
 * static files: `x.html` plain and `x.html.gz` the exact gzip bytes the page cache sends, through
 * `gzip_static` — no compression on the fly, as the page cache does none either. One worker, like
 * the one Node process it is compared with. Its figure is also the ceiling of the load generator.
 */
export interface StaticNginx {
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

const CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];

export const nginxBinary = (): string | null => CANDIDATES.find((p) => existsSync(p)) ?? null;

/** `workers`: nginx's worker processes, one unless held against as many portal workers. */
export async function startNginx(port: number, files: Record<string, Buffer>, workers = 1): Promise<StaticNginx> {
  const bin = nginxBinary();
  if (!bin) throw new Error('未安装 nginx');
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-nginx-'));
  chmodSync(dir, 0o755); // nginx's workers run as an unprivileged user when started by root
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body, { mode: 0o644 });
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${dir}/${t};`).join('\n  ');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes ${workers};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${temp}
  default_type text/html;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip_static on;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
  }
}
`,
  );
  const child = spawn(bin, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const name = Object.keys(files)[0];
  for (let i = 0; i < 50; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${origin}/${name}`)).ok) return { origin, pid: child.pid!, stop };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`nginx 未能启动：${err.slice(-500)}`);
}
