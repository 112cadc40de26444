/**
 * The whole database, as Kysely sees it: each domain declares its tables beside its code
 * (`server/modules/<domain>/<domain>.table.ts`); they are gathered here.
 */
import type { AccountTables } from '#server/modules/account/account.table.ts';
import type { AuditTables } from '#server/modules/audit/audit.table.ts';
import type { NoticeTables } from '#server/modules/notice/notice.table.ts';
import type { AccessLogTables } from '#server/modules/access-log/access-log.table.ts';
import type { AddressBookTables } from '#server/modules/address-book/address-book.table.ts';
import type { DictTables } from '#server/modules/dict/dict.table.ts';
import type { SettingTables } from '#server/modules/setting/setting.table.ts';
import type { PolicyTables } from '#server/modules/policy/policy.table.ts';
import type { ServiceItemTables } from '#server/modules/service-item/service-item.table.ts';
import type { FileTables } from '#server/modules/files/files.table.ts';
import type { AppealTables } from '#server/modules/appeal/appeal.table.ts';
import type { DeclareProjectTables } from '#server/modules/declare-project/declare-project.table.ts';
import type { FreeProjectTables } from '#server/modules/free-project/free-project.table.ts';
import type { ProclamationTables } from '#server/modules/proclamation/proclamation.table.ts';
import type { DeclareEntTables } from '#server/modules/declare-ent/declare-ent.table.ts';
import type { FreeDeclareEntTables } from '#server/modules/free-declare-ent/free-declare-ent.table.ts';
import type { UserBookTables } from '#server/modules/user-book/user-book.table.ts';
import type { MessageTables } from '#server/modules/message/message.table.ts';
import type { StaffTables } from '#server/modules/staff/staff.table.ts';
import type { StaffRoleTables } from '#server/modules/staff-role/staff-role.table.ts';
import type { DepartmentTables } from '#server/modules/department/department.table.ts';
import type { StaffMessageTables } from '#server/modules/staff-message/staff-message.table.ts';
import type { FreshnessTables } from '#server/modules/freshness/freshness.table.ts';
import type { CorrectionTables } from '#server/modules/correction/correction.table.ts';
import type { SearchTables } from '#server/modules/search/search.table.ts';
import type { EnterpriseProfileTables } from '#server/modules/enterprise-profile/enterprise-profile.table.ts';
import type { PhraseTables } from '#server/modules/phrase/phrase.table.ts';
import type { PublishedCopyTables } from '#server/modules/publishing/published-copy.table.ts';
import type { StaffPreferenceTables } from '#server/modules/staff-preference/staff-preference.table.ts';

export interface Database
  extends NoticeTables,
    AccountTables,
    AuditTables,
    PolicyTables,
    AddressBookTables,
    DictTables,
    ServiceItemTables,
    SettingTables,
    AccessLogTables,
    FileTables,
    AppealTables,
    DeclareProjectTables,
    FreeProjectTables,
    ProclamationTables,
    DeclareEntTables,
    FreeDeclareEntTables,
    UserBookTables,
    MessageTables,
    StaffTables,
    StaffRoleTables,
    DepartmentTables,
    SearchTables,
    StaffMessageTables,
    FreshnessTables,
    CorrectionTables,
    EnterpriseProfileTables,
    PhraseTables,
    PublishedCopyTables,
    StaffPreferenceTables {}
