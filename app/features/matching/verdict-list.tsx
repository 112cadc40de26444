import { Link } from 'react-router';
import { MATCH_KINDS, matchUrl, VERDICTS, type ConditionResult, type ProjectMatch, type Verdict, type VerdictResult } from '#contract/match-verdict.ts';

const MARKS = { true: ['✓', '满足'], false: ['✗', '不满足'], null: ['?', '待确认'] } as const;

/** One condition: its mark, its sentence, and the enterprise's value beside it. */
function Condition({ c, who }: { c: ConditionResult; who: string }) {
  const [mark, word] = MARKS[String(c.result) as keyof typeof MARKS];
  return (
    <li className={`match-condition match-condition--${String(c.result)}`}>
      <span className="match-condition__mark" aria-hidden="true">
        {mark}
      </span>
      <span className="visually-hidden">{word}：</span>
      <span>{c.text}</span>
      <span className="match-condition__actual">{c.actual === null ? '（尚未填写）' : `（${who}：${c.actual}）`}</span>
    </li>
  );
}

export function VerdictTag({ verdict }: { verdict: Verdict }) {
  return <span className={`match-tag match-tag--${verdict}`}>{VERDICTS[verdict]}</span>;
}

/**
 * The verdict's body: every condition, and for `maybe` what to fill in. `fillIn` is where the
 * missing values are entered (the profile, or the calculator's own form above).
 */
export function VerdictBody({ v, who, fillIn }: { v: VerdictResult; who: string; fillIn: { to: string; label: string } | null }) {
  return (
    <>
      <ul className="match-conditions">
        {v.conditions.map((c, i) => (
          <Condition key={i} c={c} who={who} />
        ))}
      </ul>
      {v.verdict === 'maybe' && v.missing.length > 0 && (
        <p className="match-missing">
          还需补充：{v.missing.map((m) => m.label).join('、')}
          {fillIn && (
            <>
              {' '}
              <Link to={fillIn.to}>{fillIn.label}</Link>
            </>
          )}
        </p>
      )}
    </>
  );
}

/** The verdicts of several projects, eligible first, each with its conditions. */
export function VerdictList({ matches, who, fillIn }: { matches: ProjectMatch[]; who: string; fillIn: { to: string; label: string } | null }) {
  return (
    <ul className="match-list">
      {matches.map((m) => (
        <li key={`${m.kind}-${m.id}`} className={`match-item match-item--${m.verdict}`}>
          <div className="match-item__head">
            <VerdictTag verdict={m.verdict} />
            <Link to={matchUrl(m)} className="match-item__title">
              {m.title}
            </Link>
            <span className="match-item__kind">{MATCH_KINDS[m.kind]}</span>
          </div>
          <VerdictBody v={m} who={who} fillIn={fillIn} />
        </li>
      ))}
    </ul>
  );
}

/** 符合 3 项、待补充 2 项、暂不符合 4 项. */
export function verdictCounts(matches: ProjectMatch[]): string {
  const n = (v: Verdict) => matches.filter((m) => m.verdict === v).length;
  return `符合条件 ${n('eligible')} 项，待补充信息 ${n('maybe')} 项，暂不符合 ${n('ineligible')} 项`;
}
