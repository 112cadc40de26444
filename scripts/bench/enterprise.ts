import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { call } from './accounts.ts';
import { load } from './load.ts';
import { rssOf, type BenchServer } from './server.ts';
import { add, check, ms, perSecond } from './report.ts';

/**
 * Figures of the enterprise-services issue: memory while ten 20 MB files upload at once (uploads
 * must stream to storage, never sit whole in memory), and appeals saved per second.
 */
const MB = 1024 * 1024;

/** One multipart upload of a `bytes`-long PDF, streamed from a reused 64 KB chunk. */
function upload(origin: string, token: string, bytes: number): Promise<{ status: number; body: string }> {
  const boundary = `----portalbench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="申报材料.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
  const tail = Buffer.from(`\n%%EOF\n\r\n--${boundary}--\r\n`);
  const fill = bytes - 9 - 7; // the PDF header and trailer are part of the file
  const chunk = Buffer.alloc(64 * 1024, '% filler line of a benchmark document\n');
  const url = new URL('/uaa/api/upload/file', origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + fill + tail.length,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.setTimeout(120_000, () => req.destroy(new Error('上传超时')));
    void (async () => {
      req.write(head);
      let left = fill;
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) await new Promise((r) => req.once('drain', r));
        left -= n;
      }
      req.end(tail);
    })();
  });
}

export async function uploadMemory(origin: string, pid: number, token: string): Promise<{ growthMb: number; beforeMb: number; peakMb: number; ok: number; failures: string[] }> {
  await sleep(500);
  const beforeMb = rssOf(pid);
  let peakMb = beforeMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssOf(pid))), 50);
  const size = 20 * MB - 64 * 1024;
  try {
    const results = await Promise.all(Array.from({ length: 10 }, () => upload(origin, token, size).catch((err: Error) => ({ status: 0, body: err.message }))));
    const failures = results.filter((r) => r.status !== 200 || !r.body.includes('"code":0')).map((r) => `${r.status} ${r.body.slice(0, 120)}`);
    return { growthMb: peakMb - beforeMb, beforeMb, peakMb, ok: results.length - failures.length, failures };
  } finally {
    clearInterval(sampler);
  }
}

export async function appealRate(origin: string, token: string) {
  const types = await call<{ id: string; text: string }[]>(origin, '/api/dict/parent?code=appeal_type');
  const type = types.data?.[0]?.id;
  if (!type) throw new Error(`取不到诉求类型字典：${types.status} ${types.msg}`);
  const body = {
    title: '关于跨境电商企业仓储用地的咨询',
    type,
    content: '我司计划在综合保税区内扩大跨境电商仓储规模，想了解新增仓储用地的申请条件和办理流程。',
    contactName: '王经理',
    contactPhone: '13800138000',
    attachments: [],
    isPublic: false,
  };
  const probe = await call(origin, '/api/appeal/save', { body, headers: { authorization: `Bearer ${token}` } });
  if (probe.code !== 0) throw new Error(`保存诉求失败：${probe.status} ${probe.msg}`);
  return load({ url: `${origin}/api/appeal/save`, method: 'POST', body, headers: { authorization: `Bearer ${token}` }, seconds: 4, maxRequests: 20_000 });
}

const UPLOAD_BUDGET_MB = 64;
const APPEAL_BUDGET_RPS = 500;

export async function enterpriseFigures(s: BenchServer, db: string, token: string) {
  const u = await uploadMemory(s.origin, s.pid, token);
  add({
    group: '企业服务',
    name: '10 个 20 MB 文件同时上传的内存增长',
    db,
    value: `${u.growthMb.toFixed(1)} MB（${u.beforeMb.toFixed(0)} → ${u.peakMb.toFixed(0)} MB，成功 ${u.ok}/10${u.failures.length ? `：${u.failures[0]}` : ''}）`,
    budget: `< ${UPLOAD_BUDGET_MB} MB`,
    verdict: check(u.growthMb < UPLOAD_BUDGET_MB && u.ok === 10),
    data: u,
  });
  const r = await appealRate(s.origin, token);
  add({
    group: '企业服务',
    name: '每秒保存诉求（10 并发）',
    db,
    value: `${perSecond(r.rps)}（p99 ${ms(r.p99)}${r.failures ? `，失败 ${r.failures}` : ''}）`,
    budget: db === 'SQLite' ? `≥ ${APPEAL_BUDGET_RPS} 次/秒` : '报告',
    verdict: db === 'SQLite' ? check(r.rps >= APPEAL_BUDGET_RPS && r.failures === 0) : r.failures ? 'FAIL' : '信息',
    data: { ...r },
  });
}
