import type { Route } from './+types/performance';
import { PageHeading } from '#app/components/page-heading.tsx';
import { RATE_SERIES, RatesChart, ReceivedChart } from '#app/features/performance/month-charts.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import listStyles from '#app/styles/list.css?url';
import performanceStyles from '#app/styles/performance.css?url';
import { formatDateTime } from '#contract/format.ts';
// Types only: the page's figures arrive computed, so no schema code reaches the browser.
import type { PerformanceFigures, Ratio } from '#contract/performance.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: listStyles },
  { rel: 'stylesheet', href: performanceStyles },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, '办件绩效', '企业服务局近 12 个月诉求办理的受理量、按时受理率、按时办结率、满意率与差评整改率');

export async function loader({ context }: Route.LoaderArgs) {
  return context.services.performance.figures();
}

const RATES = [
  { key: 'acceptedOnTime', label: '按时受理率', of: '件', unit: '件按时受理' },
  { key: 'resolvedOnTime', label: '按时办结率', of: '件', unit: '件按时办结' },
  // Counted per evaluation, not per appeal: "9 次评价中 7 次…", never "9 件中 7 次评价".
  { key: 'satisfaction', label: '满意率', of: '次评价', unit: '次为基本满意及以上' },
  { key: 'rectified', label: '差评整改率', of: '件差评', unit: '件已整改反馈' },
] as const satisfies readonly {
  key: keyof PerformanceFigures;
  label: string;
  /** What the total counts. */
  of: string;
  unit: string;
}[];

const shareText = (ratio: Ratio, r: { of: string; unit: string }) => (ratio.total ? `${ratio.total} ${r.of}中 ${ratio.count} ${r.unit}` : '暂无可统计的记录');

const percent = (r: Ratio) => (r.rate === null ? '暂无' : `${r.rate}%`);

/** A rate in a table cell: a bar to compare at a glance, the figure, and what it is a share of. */
function RateCell({ ratio, rate }: { ratio: Ratio; rate: { of: string; unit: string } }) {
  return (
    <td className="perf-rate" title={shareText(ratio, rate)}>
      <span className="perf-rate__bar" aria-hidden="true">
        <span style={{ width: `${ratio.rate ?? 0}%` }} />
      </span>
      <span className={ratio.rate === null ? 'perf-rate__value muted' : 'perf-rate__value'}>{percent(ratio)}</span>
    </td>
  );
}

export default function PerformancePage({ loaderData: p }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title="办件绩效" crumbs={[{ label: '办件绩效' }]} />
      <section className="card perf-card">
        <p className="perf-period">
          统计期间：{p.from} 至 {p.to}（近 12 个月）
          <span>数据更新于 {formatDateTime(p.computedAt)}，每分钟更新</span>
        </p>
        <ul className="perf-figures" aria-label="总体情况">
          <li>
            <span className="perf-figures__label">受理诉求</span>
            <strong>
              {p.overall.received}
              <small>件</small>
            </strong>
          </li>
          {RATES.map((r) => {
            const ratio = p.overall[r.key];
            return (
              <li key={r.key}>
                <span className="perf-figures__label">{r.label}</span>
                <strong>{percent(ratio)}</strong>
                <span className="perf-figures__note">{shareText(ratio, r)}</span>
              </li>
            );
          })}
        </ul>
        <div className="perf-charts">
          <figure>
            <figcaption>每月受理诉求（件）</figcaption>
            <ReceivedChart months={p.months} />
          </figure>
          <figure>
            <figcaption>
              每月办理质量
              <span className="perf-legend">
                {RATE_SERIES.map((s) => (
                  <span key={s.key} className={`perf-legend__item ${s.className}`}>
                    {s.label}
                  </span>
                ))}
              </span>
            </figcaption>
            <RatesChart months={p.months} />
          </figure>
        </div>
      </section>

      <section className="card perf-card">
        <h2 className="perf-card__title">各部门办理情况</h2>
        <table className="data-table perf-table">
          <colgroup>
            <col style={{ width: '22%' }} />
            <col style={{ width: '10%' }} />
            <col />
            <col />
            <col />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">部门</th>
              <th scope="col">受理诉求</th>
              {RATES.map((r) => (
                <th key={r.key} scope="col">
                  {r.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {p.departments.map((d) => (
              <tr key={d.id ?? 'bureau'}>
                <th scope="row">{d.name}</th>
                <td>{d.received} 件</td>
                {RATES.map((r) => (
                  <RateCell key={r.key} ratio={d[r.key]} rate={r} />
                ))}
              </tr>
            ))}
            <tr className="perf-table__total">
              <th scope="row">合计</th>
              <td>{p.overall.received} 件</td>
              {RATES.map((r) => (
                <RateCell key={r.key} ratio={p.overall[r.key]} rate={r} />
              ))}
            </tr>
          </tbody>
        </table>
        <h2 className="perf-card__title">统计口径</h2>
        <ul className="perf-notes">
          <li>受理诉求：统计期间内企业提交的诉求，不含企业自行撤回的；诉求计入最后承办的部门，未转办的计入企业服务局。</li>
          <li>按时受理率：已受理或不予受理、以及已过受理时限仍未处理的诉求中，在 1 个工作日时限内作出受理决定的比例。</li>
          <li>按时办结率：已办结、以及已过答复时限仍未办结的诉求中，在答复时限（含经批准的延期）内办结的比例；因差评重新办理的，按整改反馈时限计算。</li>
          <li>满意率：企业的每一次评价中，“非常满意”“满意”“基本满意”所占比例，按评价时间统计。</li>
          <li>差评整改率：“不满意”“非常不满意”评价中，已核实整改并向企业反馈的比例（尚在 5 个工作日整改期内的暂不计入）。</li>
        </ul>
      </section>
    </>
  );
}
