import { Empty } from 'antd';
import { Link } from 'react-router';
import type { ProjectMatch } from '#contract/match-verdict.ts';
import { verdictCounts, VerdictList } from './verdict-list.tsx';

/** 为您匹配 on /user: the enterprise's verdict on every open project with conditions. */
export function MatchSection({ matches, profileFilled }: { matches: ProjectMatch[]; profileFilled: boolean }) {
  return (
    <section className="card ent-section" aria-labelledby="match-title">
      <div className="ent-section__head">
        <h2 className="section-title" id="match-title">
          为您匹配
        </h2>
        <Link to="/user/profile">{profileFilled ? '更新企业画像 ›' : '填写企业画像 ›'}</Link>
      </div>
      {matches.length === 0 ? (
        <Empty description="目前没有设置了匹配条件的开放项目" />
      ) : (
        <>
          <p className="match-section__note">
            {verdictCounts(matches)}。{profileFilled ? '' : '您还没有填写企业画像，填写后可以看到更准确的结果。'}
          </p>
          <VerdictList matches={matches} who="本企业" fillIn={{ to: '/user/profile', label: '去完善企业画像 ›' }} />
        </>
      )}
    </section>
  );
}
