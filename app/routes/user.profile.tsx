import type { Route } from './+types/user.profile';
import { ProfileForm } from '#app/features/matching/profile-form.tsx';
import { requireUser } from '#app/lib/require-user.server.ts';
import { pageMeta } from '#app/lib/meta.ts';
import matchingStyles from '#app/styles/matching.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: matchingStyles }];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '企业画像');

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const { match } = args.context.services;
  return { profile: user.enterpriseId === null ? null : await match.profile.mine(user) };
}

/** 企业画像 (一企一档, docs/product.md): the attributes projects' conditions are checked against. */
export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  return (
    <section className="card ent-section">
      <div className="ent-section__head">
        <h1 className="section-title">企业画像</h1>
      </div>
      <p className="match-section__note">平台按这些信息逐条核对各申报项目和免申即享项目的条件，并在“概览”中告诉您哪些项目符合、哪些还需补充信息。部门核实过的信息以核实值为准。</p>
      {profile ? <ProfileForm profile={profile} /> : <p>您的账号尚未关联企业，请先在“概览”的“企业信息”中完善企业资料。</p>}
    </section>
  );
}
