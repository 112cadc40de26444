import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A Redis of the fault test's own (redis-server on its own port, nothing saved to disk), which the
 * test kills and starts again on the same port; the shared Redis on 6379 is never touched.
 */
export class RedisProcess {
  private child: ChildProcess | null = null;

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    this.child = child;
    child.once('error', () => undefined); // a missing redis-server shows as the ping below failing
    const deadline = Date.now() + 20_000;
    while (!(await this.answers())) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`redis-server 未能在端口 ${this.port} 启动（需要 apt-get install redis-server，.ci/run 会安装）`);
      await sleep(50);
    }
  }

  /** Gone at once, as a crash or an OOM kill: no goodbye to the clients. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    child.kill('SIGKILL');
    await once(child, 'exit');
    this.child = null;
  }

  private answers(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = net.connect(this.port, '127.0.0.1');
      socket.setTimeout(1_000);
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (d) => {
        socket.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
  }
}
