import { Link } from 'react-router';
import type { VerdictResult } from '#contract/match-verdict.ts';
import { VerdictBody, VerdictTag } from './verdict-list.tsx';

/**
 * 条件核对 on a project's page: its machine-readable conditions as a sentence and, for a signed-in
 * enterprise, its own verdict condition by condition. Nothing when the project has no rules.
 */
export function ProjectVerdict({ rulesText, verdict, signedIn }: { rulesText: string | null; verdict: VerdictResult | null; signedIn: boolean }) {
  if (!rulesText) return null;
  return (
    <section className="project-section" aria-labelledby="project-verdict-title">
      <h2 className="section-title" id="project-verdict-title">
        条件核对
      </h2>
      <p className="match-rules">可自动核对的条件：{rulesText}。</p>
      {verdict ? (
        <div className={`match-item match-item--${verdict.verdict}`}>
          <div className="match-item__head">
            <span>贵企业的核对结果：</span>
            <VerdictTag verdict={verdict.verdict} />
          </div>
          <VerdictBody v={verdict} who="本企业" fillIn={{ to: '/user/profile', label: '去完善企业画像 ›' }} />
        </div>
      ) : (
        <p className="match-section__note">
          {signedIn ? '请先在用户中心完善企业信息，再查看核对结果。' : '登录企业账号后可以查看贵企业是否符合；未登录也可以'}
          {!signedIn && <Link to="/policy-calculator">使用政策计算器</Link>}
          {!signedIn && '试算。'}
        </p>
      )}
    </section>
  );
}
