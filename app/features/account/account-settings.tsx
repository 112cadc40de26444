import type { AccountProfile } from '#contract/account.ts';
import { EnterpriseForm } from './enterprise-form.tsx';
import { PasswordForm } from './password-form.tsx';
import { ProfileForm } from './profile-form.tsx';
import './account-settings.css';

/**
 * The account part of the user centre (/user): profile, enterprise profile and password.
 * Render inside <AntdProvider>; the loader passes `await context.services.account.profile(user.userId)`.
 */
export function AccountSettings({ profile }: { profile: AccountProfile }) {
  return (
    <div className="account-settings">
      <section className="card account-section" aria-labelledby="account-profile-title">
        <h2 id="account-profile-title" className="account-section__title">
          个人资料
        </h2>
        <ProfileForm user={profile.user} />
      </section>
      <section className="card account-section" aria-labelledby="account-enterprise-title">
        <h2 id="account-enterprise-title" className="account-section__title">
          企业信息
        </h2>
        <EnterpriseForm enterprise={profile.enterprise} choices={profile.choices} />
      </section>
      <section className="card account-section" aria-labelledby="account-password-title">
        <h2 id="account-password-title" className="account-section__title">
          修改密码
        </h2>
        <PasswordForm hasPassword={profile.user.hasPassword} />
      </section>
    </div>
  );
}
