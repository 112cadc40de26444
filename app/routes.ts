import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/**
 * The route table of spec §2 (history mode, base /), with the four layouts.
 * Module names follow the URL: `/notice/detail` → routes/notice.detail.tsx.
 */
export default [
  layout('layouts/default.tsx', [
    index('routes/home.tsx'),
    route('appeal', 'routes/appeal.tsx'),
    route('appeal/detail', 'routes/appeal.detail.tsx'),
    route('appeal/components/appeal-form', 'routes/appeal.components.appeal-form.tsx'),
    route('important-policy', 'routes/important-policy.tsx'),
    route('important-policy/detail', 'routes/important-policy.detail.tsx'),
    route('notice', 'routes/notice.tsx'),
    route('notice/detail', 'routes/notice.detail.tsx'),
    route('address-book', 'routes/address-book.tsx'),
    route('free-apply', 'routes/free-apply.tsx'),
    route('free-apply/free-project/detail', 'routes/free-apply.free-project.detail.tsx'),
    route('free-apply/declare-project/detail', 'routes/free-apply.declare-project.detail.tsx'),
    route('free-apply/proclamation/detail', 'routes/free-apply.proclamation.detail.tsx'),
    route('free-apply/components/apply-form', 'routes/free-apply.components.apply-form.tsx'),
    route('performance', 'routes/performance.tsx'),
    route('user', 'routes/user.tsx', [
      index('routes/user._index.tsx'),
      route('address-book', 'routes/user.address-book.tsx'),
      route('appeal', 'routes/user.appeal.tsx'),
      route('appeal/:id', 'routes/user.appeal.$id.tsx'),
      route('free-apply', 'routes/user.free-apply.tsx'),
      route('messages', 'routes/user.messages.tsx'),
    ]),
    route('*', 'routes/$.tsx'),
  ]),
  layout('layouts/auth.tsx', [
    route('auth/login', 'routes/auth.login.tsx'),
    route('auth/register', 'routes/auth.register.tsx'),
    route('auth/reset-password', 'routes/auth.reset-password.tsx'),
  ]),
  layout('layouts/oauth2.tsx', [route('oauth2', 'routes/oauth2.tsx')]),
  // The staff console (console.md): its own layout, its code loaded only under /console.
  route('console/login', 'routes/console.login.tsx'),
  route('console', 'routes/console.tsx', [
    index('routes/console._index.tsx'),
    route('password', 'routes/console.password.tsx'),
    route('staff', 'routes/console.staff.tsx'),
    route('roles', 'routes/console.roles.tsx'),
    route('departments', 'routes/console.departments.tsx'),
    route('audit', 'routes/console.audit.tsx'),
    route('notice', 'routes/console.notice.tsx'),
    route('notice/edit', 'routes/console.notice.edit.tsx'),
    route('policy', 'routes/console.policy.tsx'),
    route('policy/edit', 'routes/console.policy.edit.tsx'),
    route('address-book', 'routes/console.address-book.tsx'),
    route('service-item', 'routes/console.service-item.tsx'),
    route('dict', 'routes/console.dict.tsx'),
    route('settings', 'routes/console.settings.tsx'),
    route('free-declare', 'routes/console.free-declare.tsx'),
    route('free-declare/rows', 'routes/console.free-declare.rows.tsx'),
    route('free-declare/import', 'routes/console.free-declare.import.tsx'),
    route('free-declare/corrections', 'routes/console.free-declare.corrections.tsx'),
    route('appeal', 'routes/console.appeal.tsx'),
    route('appeal/:id', 'routes/console.appeal.$id.tsx'),
    route('evaluation', 'routes/console.evaluation.tsx'),
    route('declare', 'routes/console.declare.tsx'),
    route('declare/:id', 'routes/console.declare.$id.tsx'),
    route('proclamation', 'routes/console.proclamation.tsx'),
    route('proclamation/:id', 'routes/console.proclamation.$id.tsx'),
  ]),
] satisfies RouteConfig;
