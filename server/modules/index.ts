import { DomainRegistry } from '#server/platform/domain-registry.ts';
import { createAccessLogService } from './access-log/access-log.service.ts';
import { accessLogRoutes } from './access-log/access-log.routes.ts';
import { accountPurge } from './account/account-purge.ts';
import { createAccountService } from './account/account.service.ts';
import { accountRoutes } from './account/account.routes.ts';
import { createAuthService } from './account/auth.service.ts';
import { authRoutes } from './account/auth.routes.ts';
import { createSessionService } from './account/session.service.ts';
import { createSsoService } from './account/sso.service.ts';
import { ssoRoutes } from './account/sso.routes.ts';
import { createAddressBookService } from './address-book/address-book.service.ts';
import { addressBookRoutes } from './address-book/address-book.routes.ts';
import { createAppealService } from './appeal/appeal.service.ts';
import { appealRoutes } from './appeal/appeal.routes.ts';
import { createFollowUpService } from './appeal/follow-up.service.ts';
import { createAppealConsoleService } from './appeal/appeal.console.service.ts';
import { appealConsoleRoutes } from './appeal/appeal.console.routes.ts';
import { createAuditService } from './audit/audit.service.ts';
import { auditPurge } from './audit/audit-purge.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { consoleAuthPlugin } from './console-auth/console-auth.plugin.ts';
import { createConsoleAuthService } from './console-auth/console-auth.service.ts';
import { consoleAuthRoutes } from './console-auth/console-auth.routes.ts';
import { createCorrectionService } from './correction/correction.service.ts';
import { correctionRoutes } from './correction/correction.routes.ts';
import { createPublishingService } from './publishing/publishing.service.ts';
import { publishingRoutes } from './publishing/publishing.routes.ts';
import { createDashboardService } from './dashboard/dashboard.service.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { createDeclareEntService } from './declare-ent/declare-ent.service.ts';
import { declareEntRoutes } from './declare-ent/declare-ent.routes.ts';
import { createDeclareEntConsoleService } from './declare-ent/declare-ent.console.service.ts';
import { declareEntConsoleRoutes } from './declare-ent/declare-ent.console.routes.ts';
import { createDeclareProjectService } from './declare-project/declare-project.service.ts';
import { declareProjectRoutes } from './declare-project/declare-project.routes.ts';
import { createDepartmentService } from './department/department.service.ts';
import { departmentRoutes } from './department/department.routes.ts';
import { createDictService } from './dict/dict.service.ts';
import { dictRoutes } from './dict/dict.routes.ts';
import { createFilesService } from './files/files.service.ts';
import { filesRoutes } from './files/files.routes.ts';
import { createFreeDeclareEntService } from './free-declare-ent/free-declare-ent.service.ts';
import { freeDeclareEntRoutes } from './free-declare-ent/free-declare-ent.routes.ts';
import { createFreeImportService } from './free-declare-ent/free-import.service.ts';
import { createFreeDeclareEntConsoleService } from './free-declare-ent/free-declare-ent.console.service.ts';
import { freeDeclareEntConsoleRoutes } from './free-declare-ent/free-declare-ent.console.routes.ts';
import { createFreeProjectService } from './free-project/free-project.service.ts';
import { freshnessJob } from './freshness/freshness.job.ts';
import { freshnessRoutes } from './freshness/freshness.routes.ts';
import { createFreshnessService } from './freshness/freshness.service.ts';
import { freeProjectRoutes } from './free-project/free-project.routes.ts';
import { createMessageService } from './message/message.service.ts';
import { messageRoutes } from './message/message.routes.ts';
import { createEnterpriseProfileService } from './enterprise-profile/enterprise-profile.service.ts';
import { enterpriseProfileRoutes } from './enterprise-profile/enterprise-profile.routes.ts';
import { createProfileImportService } from './enterprise-profile/profile-import.service.ts';
import { profileImportRoutes } from './enterprise-profile/profile-import.routes.ts';
import { createEnterpriseDossierService } from './enterprise-profile/enterprise-profile.console.service.ts';
import { enterpriseDossierRoutes } from './enterprise-profile/enterprise-profile.console.routes.ts';
import { createMatchService } from './match/match.service.ts';
import { matchRoutes } from './match/match.routes.ts';
import { matchPushJob } from './match/match-push.job.ts';
import { createNoticeService } from './notice/notice.service.ts';
import { noticeRoutes } from './notice/notice.routes.ts';
import { createPerformanceService } from './performance/performance.service.ts';
import { performanceRoutes } from './performance/performance.routes.ts';
import { createPhraseService } from './phrase/phrase.service.ts';
import { phraseRoutes } from './phrase/phrase.routes.ts';
import { createPolicyService } from './policy/policy.service.ts';
import { policyRoutes } from './policy/policy.routes.ts';
import { createProclamationService } from './proclamation/proclamation.service.ts';
import { proclamationRoutes } from './proclamation/proclamation.routes.ts';
import { createProclamationConsoleService } from './proclamation/proclamation.console.service.ts';
import { proclamationConsoleRoutes } from './proclamation/proclamation.console.routes.ts';
import { createRegionService } from './region/region.service.ts';
import { regionRoutes } from './region/region.routes.ts';
import { createSearchService } from './search/search.service.ts';
import { searchRoutes } from './search/search.routes.ts';
import { createSearchConsoleService } from './search/search.console.service.ts';
import { searchConsoleRoutes } from './search/search.console.routes.ts';
import { createServiceItemService } from './service-item/service-item.service.ts';
import { serviceItemRoutes } from './service-item/service-item.routes.ts';
import { createSettingService } from './setting/setting.service.ts';
import { settingRoutes } from './setting/setting.routes.ts';
import { createSiteService } from './site/site.service.ts';
import { siteRoutes } from './site/site.routes.ts';
import { createStaffRoleService } from './staff-role/staff-role.service.ts';
import { staffRoleRoutes } from './staff-role/staff-role.routes.ts';
import { createStaffService } from './staff/staff.service.ts';
import { createStaffGrants } from './staff/staff-grants.ts';
import { staffRoutes } from './staff/staff.routes.ts';
import { createStaffChangeService } from './staff/staff-change.service.ts';
import { staffChangeRoutes } from './staff/staff-change.routes.ts';
import { createStaffMessageService } from './staff-message/staff-message.service.ts';
import { staffMessageRoutes } from './staff-message/staff-message.routes.ts';
import { createStaffPreferenceService } from './staff-preference/staff-preference.service.ts';
import { staffPreferenceRoutes } from './staff-preference/staff-preference.routes.ts';
import { createStatisticsService } from './statistics/statistics.service.ts';
import { statisticsRoutes } from './statistics/statistics.routes.ts';
import { createUserBookService } from './user-book/user-book.service.ts';
import { userBookRoutes } from './user-book/user-book.routes.ts';

/**
 * Every domain of the portal, one `.add` each: its key in `app.services` (also what loaders see
 * through the load context), how its service is built from the deps and the services above it,
 * and its routes and hooks. Adding a domain is adding one entry here. The JSON routes and the
 * page loaders both call these services (a loader never calls the process's own API over HTTP).
 */
export const domains = DomainRegistry.create()
  // Public content and settings.
  .add('site', (deps) => createSiteService(deps), { routes: [siteRoutes] })
  .add('setting', (deps, s) => createSettingService(deps, s.site), { routes: [settingRoutes] })
  .add('dict', (deps, s) => createDictService(deps, s.site), { routes: [dictRoutes] })
  .add('region', () => createRegionService(), { routes: [regionRoutes] })
  .add('notice', (deps) => createNoticeService(deps), { routes: [noticeRoutes] })
  .add('policy', (deps, s) => createPolicyService(deps, s.dict), { routes: [policyRoutes] })
  .add('addressBook', (deps) => createAddressBookService(deps), { routes: [addressBookRoutes] })
  .add('serviceItem', (deps) => createServiceItemService(deps), { routes: [serviceItemRoutes] })
  .add('accessLog', (deps) => createAccessLogService(deps), { routes: [accessLogRoutes] })
  .add('files', (deps) => createFilesService(deps), { routes: [filesRoutes] })
  // Enterprise accounts: sessions are shared by sign-in, the account pages and single sign-on.
  .add('sessions', (deps) => createSessionService(deps))
  .add('auth', (deps, s) => createAuthService(deps, s.sessions), { routes: [authRoutes], hooks: [accountPurge] })
  .add('account', (deps, s) => createAccountService(deps, s.sessions, { region: s.region, dict: s.dict, files: s.files }), { routes: [accountRoutes] })
  .add('sso', (deps, s) => createSsoService(deps, s.sessions), { routes: [ssoRoutes] })
  // The staff console. Its hook authenticates staff and enforces each route's permission.
  .add('audit', (deps) => createAuditService(deps), { routes: [auditRoutes], hooks: [auditPurge] })
  .add('staffGrants', (deps) => createStaffGrants(deps))
  .add('consoleAuth', (deps, s) => createConsoleAuthService(deps, { audit: s.audit, captcha: s.auth.captcha, grants: s.staffGrants }), {
    routes: [consoleAuthRoutes],
    hooks: [consoleAuthPlugin],
  })
  .add('staff', (deps, s) => createStaffService(deps, s.staffGrants), { routes: [staffRoutes] })
  .add('staffRole', (deps, s) => createStaffRoleService(deps, s.staffGrants), { routes: [staffRoleRoutes] })
  .add('department', (deps) => createDepartmentService(deps), { routes: [departmentRoutes] })
  .add('staffPreference', (deps) => createStaffPreferenceService(deps), { routes: [staffPreferenceRoutes] })
  // Enterprise services: appeals, declarations, 免申即享, messages, the home figures.
  .add('message', (deps) => createMessageService(deps), { routes: [messageRoutes] })
  .add('staffMessage', (deps) => createStaffMessageService(deps), { routes: [staffMessageRoutes] })
  .add('staffChange', (deps, s) => createStaffChangeService(deps, { staff: s.staff, staffMessage: s.staffMessage, audit: s.audit }), { routes: [staffChangeRoutes] })
  .add('correction', (deps) => createCorrectionService(deps), { routes: [correctionRoutes] })
  .add('freshness', (deps, s) => createFreshnessService(deps, { dict: s.dict, setting: s.setting, staffMessage: s.staffMessage }), { routes: [freshnessRoutes], hooks: [freshnessJob] })
  .add('appeal', (deps, s) => createAppealService(deps, { dict: s.dict, files: s.files, message: s.message }), { routes: [appealRoutes] })
  .add('followUps', (deps, s) => createFollowUpService(deps, { message: s.message }))
  .add('appealConsole', (deps, s) => createAppealConsoleService(deps, { dict: s.dict, files: s.files, message: s.message, followUps: s.followUps }), {
    routes: [appealConsoleRoutes],
  })
  .add('declareProject', (deps, s) => createDeclareProjectService(deps, s.dict, s.files), { routes: [declareProjectRoutes] })
  .add('declareEnt', (deps, s) => createDeclareEntService(deps, { projects: s.declareProject, files: s.files, deadlines: s.setting.deadlines }), { routes: [declareEntRoutes] })
  .add('declareEntConsole', (deps, s) => createDeclareEntConsoleService(deps, { projects: s.declareProject, files: s.files, message: s.message, deadlines: s.setting.deadlines }), {
    routes: [declareEntConsoleRoutes],
  })
  .add('freeDeclareEnt', (deps) => createFreeDeclareEntService(deps), { routes: [freeDeclareEntRoutes] })
  .add('freeImport', (deps, s) => createFreeImportService(deps, { message: s.message, profiles: () => createEnterpriseProfileService(deps).allProfiles() }))
  .add('freeDeclareEntConsole', (deps, s) => createFreeDeclareEntConsoleService(deps, { message: s.message }), { routes: [freeDeclareEntConsoleRoutes] })
  .add('freeProject', (deps, s) => createFreeProjectService(deps, s.dict, s.freeDeclareEnt), { routes: [freeProjectRoutes] })
  // 政策找人: the enterprise profile (一企一档) and the verdicts of projects' rules on it.
  .add('match', (deps, s) => ((profile) => ({ ...createMatchService(deps, { profile, message: s.message }), profile }))(createEnterpriseProfileService(deps)), {
    routes: [enterpriseProfileRoutes, matchRoutes],
    hooks: [matchPushJob],
  })
  .add('profileImport', (deps, s) => createProfileImportService(deps, { profiles: s.match.profile.profilesOf }), { routes: [profileImportRoutes] })
  .add('enterpriseDossier', (deps) => createEnterpriseDossierService(deps), { routes: [enterpriseDossierRoutes] })
  .add('publishing', (deps, s) => createPublishingService(deps, { files: s.files, dict: s.dict }), { routes: [publishingRoutes] })
  .add('proclamation', (deps, s) => createProclamationService(deps, s.files, s.setting.deadlines), { routes: [proclamationRoutes] })
  .add('proclamationConsole', (deps, s) => createProclamationConsoleService(deps, { files: s.files, message: s.message, deadlines: s.setting.deadlines }), { routes: [proclamationConsoleRoutes] })
  .add('userBook', (deps, s) => createUserBookService(deps, s.addressBook), { routes: [userBookRoutes] })
  .add('statistics', (_deps, s) => createStatisticsService(s), { routes: [statisticsRoutes] })
  .add('performance', (deps) => createPerformanceService(deps), { routes: [performanceRoutes] })
  // 常用语: the staff members' and departments' stock sentences for replies and opinions.
  .add('phrase', (deps) => createPhraseService(deps), { routes: [phraseRoutes] })
  // 站内搜索: the visitors' search and its console (synonyms, what people searched for).
  .add('search', (deps) => ((search) => ({ ...search, console: createSearchConsoleService(deps, search) }))(createSearchService(deps)), {
    routes: [searchRoutes, searchConsoleRoutes],
  })
  // The console's 工作台: counts of the queues above, for the person's own work.
  .add(
    'dashboard',
    (_deps, s) =>
      createDashboardService({ appealConsole: s.appealConsole, followUps: s.followUps, declareEntConsole: s.declareEntConsole, proclamationConsole: s.proclamationConsole, freeDeclareEntConsole: s.freeDeclareEntConsole, publishing: s.publishing, audit: s.audit, correction: s.correction }),
    { routes: [dashboardRoutes] },
  );

export type Services = ReturnType<typeof domains.createServices>;
