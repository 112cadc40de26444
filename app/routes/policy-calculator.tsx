import { Form, useLocation } from 'react-router';
import type { Route } from './+types/policy-calculator';
import { PageHeading } from '#app/components/page-heading.tsx';
import { verdictCounts, VerdictList } from '#app/features/matching/verdict-list.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import enterpriseStyles from '#app/styles/enterprise.css?url';
import matchingStyles from '#app/styles/matching.css?url';
import { ATTRIBUTE_CODES, attributeFieldLabel, attributesInputSchema, INDUSTRIES, QUALIFICATIONS, SCALES, type AttributeCode } from '#contract/enterprise-profile.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: enterpriseStyles },
  { rel: 'stylesheet', href: matchingStyles },
];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '政策计算器', '填写企业的基本情况，逐条查看可以申报或享受哪些政策项目；不需要登录，填写的内容不会保存');

/** The answers as the address carries them (GET, so the page works without JavaScript). */
function answersOf(params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const code of ATTRIBUTE_CODES) {
    if (code === 'qualifications') out[code] = params.getAll(code);
    else if (params.get(code)) out[code] = params.get(code);
  }
  return out;
}

/**
 * 政策计算器 (/policy-calculator): public, nothing stored. A visitor answers what it knows about
 * its enterprise and sees, for every open project with conditions, the verdict condition by
 * condition, the same as a signed-in enterprise sees on /user.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  if (!url.searchParams.has('calc')) return { matches: null, errors: {} as Record<string, string> };
  const parsed = attributesInputSchema.safeParse(answersOf(url.searchParams));
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { matches: null, errors };
  }
  return { matches: await context.services.match.calculate(parsed.data), errors: {} as Record<string, string> };
}

const figureStep: Partial<Record<AttributeCode, string>> = { employees: '1', revenue: '0.01', rdRatio: '0.01', importExport: '0.01' };

export default function PolicyCalculator({ loaderData }: Route.ComponentProps) {
  const { matches, errors } = loaderData;
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const held = new Set(params.getAll('qualifications'));
  const error = (code: AttributeCode) =>
    errors[code] && (
      <p className="calc-form__error" id={`${code}-error`} role="alert">
        {errors[code]}
      </p>
    );
  const described = (code: AttributeCode) => (errors[code] ? { 'aria-invalid': true, 'aria-describedby': `${code}-error` } : {});

  return (
    <>
      <PageHeading title="政策计算器" crumbs={[{ label: '政策计算器' }]} />
      <section className="card ent-section">
        <p className="match-section__note">填写企业的基本情况（都可以不填），查看本区正在开放的申报项目和免申即享项目中，哪些符合条件、哪些还需要补充信息。无需登录，填写的内容不会保存。</p>
        <Form method="get" className="calc-form" key={search}>
          <input type="hidden" name="calc" value="1" />
          <div>
            <label htmlFor="industry">{attributeFieldLabel('industry')}</label>
            <select id="industry" name="industry" defaultValue={params.get('industry') ?? ''} {...described('industry')}>
              <option value="">不填</option>
              {Object.entries(INDUSTRIES).map(([code, name]) => (
                <option key={code} value={code}>
                  {code} {name}
                </option>
              ))}
            </select>
            {error('industry')}
          </div>
          <div>
            <label htmlFor="scale">{attributeFieldLabel('scale')}</label>
            <select id="scale" name="scale" defaultValue={params.get('scale') ?? ''} {...described('scale')}>
              <option value="">不填</option>
              {Object.entries(SCALES).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
            {error('scale')}
          </div>
          <div>
            <label htmlFor="foundedOn">{attributeFieldLabel('foundedOn')}</label>
            <input id="foundedOn" name="foundedOn" type="date" defaultValue={params.get('foundedOn') ?? ''} {...described('foundedOn')} />
            {error('foundedOn')}
          </div>
          {(['employees', 'revenue', 'rdRatio', 'importExport'] as const).map((code) => (
            <div key={code}>
              <label htmlFor={code}>{attributeFieldLabel(code)}</label>
              <input id={code} name={code} type="number" min="0" step={figureStep[code]} inputMode="decimal" defaultValue={params.get(code) ?? ''} {...described(code)} />
              {error(code)}
            </div>
          ))}
          <fieldset>
            <legend>{attributeFieldLabel('qualifications')}（具备的请勾选）</legend>
            <div className="calc-form__checks">
              {Object.entries(QUALIFICATIONS).map(([code, name]) => (
                <label key={code}>
                  <input type="checkbox" name="qualifications" value={code} defaultChecked={held.has(code)} />
                  {name}
                </label>
              ))}
            </div>
            {error('qualifications')}
          </fieldset>
          <div className="calc-form__actions">
            <button type="submit" className="calc-button">
              查看匹配结果
            </button>
            <a href="/policy-calculator">清空重填</a>
          </div>
        </Form>
      </section>
      {matches && (
        <section className="card ent-section" aria-labelledby="calc-result">
          <div className="ent-section__head">
            <h2 className="section-title" id="calc-result">
              匹配结果
            </h2>
          </div>
          {matches.length === 0 ? (
            <p>目前没有设置了匹配条件的开放项目。</p>
          ) : (
            <>
              <p className="match-section__note">{verdictCounts(matches)}。企业用户登录后填写“企业画像”，可在用户中心随时查看匹配结果。</p>
              <VerdictList matches={matches} who="您填写的" fillIn={null} />
            </>
          )}
        </section>
      )}
    </>
  );
}
