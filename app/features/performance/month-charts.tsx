import type { Performance } from '#contract/performance.ts';

/**
 * The monthly charts of the performance page as plain SVG, rendered on the server like the rest
 * of the page: no chart library reaches the browser. Each chart scales to its box (viewBox) and
 * carries a text summary for screen readers; the same figures are in the tables below.
 */

type Month = Performance['months'][number];

const W = 560;
const H = 240;
const PAD = { top: 28, right: 12, bottom: 40, left: 40 };
const plotW = W - PAD.left - PAD.right;
const plotH = H - PAD.top - PAD.bottom;

const monthLabel = (month: string) => `${Number(month.slice(5))}月`;
/** Under the first column and every January, so that a year boundary reads at a glance. */
const yearLabel = (month: string, i: number) => (i === 0 || month.endsWith('-01') ? `${month.slice(0, 4)}年` : null);

/** A round step for the count axis: 1, 2, 5 × 10ⁿ, about four lines. */
function niceMax(max: number): { top: number; step: number } {
  if (max <= 4) return { top: 4, step: 1 };
  const raw = max / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw)!;
  return { top: Math.ceil(max / step) * step, step };
}

function MonthAxis({ months, slot }: { months: readonly Month[]; slot: number }) {
  return (
    <g className="perf-chart__axis">
      {months.map((m, i) => {
        const x = PAD.left + slot * (i + 0.5);
        const year = yearLabel(m.month, i);
        return (
          <g key={m.month}>
            <text x={x} y={H - PAD.bottom + 16} textAnchor="middle">
              {monthLabel(m.month)}
            </text>
            {year && (
              <text x={x} y={H - PAD.bottom + 31} textAnchor="middle" className="perf-chart__year">
                {year}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}

function Grid({ lines }: { lines: { value: number; label: string }[] }) {
  return (
    <g className="perf-chart__grid">
      {lines.map((l) => (
        <g key={l.value}>
          <line x1={PAD.left} x2={W - PAD.right} y1={l.value} y2={l.value} />
          <text x={PAD.left - 6} y={l.value + 4} textAnchor="end">
            {l.label}
          </text>
        </g>
      ))}
    </g>
  );
}

/** 每月受理量: one column per month, its count above it. */
export function ReceivedChart({ months }: { months: readonly Month[] }) {
  const { top, step } = niceMax(Math.max(0, ...months.map((m) => m.received)));
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const slot = plotW / months.length;
  const barW = Math.min(28, slot * 0.6);
  const lines = Array.from({ length: top / step + 1 }, (_, i) => ({
    value: y(i * step),
    label: String(i * step),
  }));
  const summary = months.map((m) => `${m.month.slice(0, 4)}年${monthLabel(m.month)} ${m.received} 件`).join('，');
  return (
    <svg className="perf-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`每月受理诉求数：${summary}`}>
      <Grid lines={lines} />
      {months.map((m, i) => {
        const x = PAD.left + slot * (i + 0.5);
        return (
          <g key={m.month}>
            {m.received > 0 && (
              <rect className="perf-chart__bar" x={x - barW / 2} y={y(m.received)} width={barW} height={PAD.top + plotH - y(m.received)} rx={2} />
            )}
            <text className="perf-chart__value" x={x} y={y(m.received) - 6} textAnchor="middle">
              {m.received}
            </text>
          </g>
        );
      })}
      <MonthAxis months={months} slot={slot} />
    </svg>
  );
}

export const RATE_SERIES = [
  {
    key: 'acceptedOnTime',
    label: '按时受理率',
    className: 'perf-series--accept',
  },
  {
    key: 'resolvedOnTime',
    label: '按时办结率',
    className: 'perf-series--resolve',
  },
  {
    key: 'satisfaction',
    label: '满意率',
    className: 'perf-series--satisfaction',
  },
] as const;

/** Three rates per month on one 0–100 % scale; a month with nothing to measure leaves a gap in its line. */
export function RatesChart({ months }: { months: readonly Month[] }) {
  const y = (rate: number) => PAD.top + plotH - (rate / 100) * plotH;
  const slot = plotW / months.length;
  const lines = [0, 25, 50, 75, 100].map((v) => ({
    value: y(v),
    label: `${v}%`,
  }));
  const summary = RATE_SERIES.map(
    (s) => `${s.label}：${months.map((m) => `${monthLabel(m.month)}${m[s.key].rate === null ? '暂无' : `${m[s.key].rate}%`}`).join('，')}`,
  ).join('；');
  return (
    <svg className="perf-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`每月办理质量：${summary}`}>
      <Grid lines={lines} />
      {RATE_SERIES.map((s) => {
        const points = months.map((m, i) => (m[s.key].rate === null ? null : ([PAD.left + slot * (i + 0.5), y(m[s.key].rate!)] as const)));
        // Consecutive measured months are joined; a gap starts a new segment.
        const path = points.reduce((d, p, i) => (p ? `${d}${points[i - 1] ? 'L' : 'M'}${p[0].toFixed(1)},${p[1].toFixed(1)}` : d), '');
        return (
          <g key={s.key} className={`perf-series ${s.className}`}>
            {path && <path d={path} />}
            {points.map((p, i) => p && <circle key={months[i].month} cx={p[0]} cy={p[1]} r={3.5} />)}
          </g>
        );
      })}
      <MonthAxis months={months} slot={slot} />
    </svg>
  );
}
