import type { Migration } from 'kysely';
import * as m0001 from './0001_notice.ts';
import * as m0002 from './0002_accounts.ts';
import * as m0003 from './0003_content.ts';
import * as m0004 from './0004_auth.ts';
import * as m0005 from './0005_enterprise.ts';
import * as m0006 from './0006_staff_console.ts';
import * as m0008 from './0008_content_directories.ts';
import * as m0009 from './0009_workflows.ts';
import * as m0010 from './0010_content_workflow.ts';
import * as m0011 from './0011_declare_review.ts';
import * as m0012 from './0012_free_declare_console.ts';
import * as m0013 from './0013_dashboard_counts.ts';
import * as m0014 from './0014_catalog_console.ts';
import * as m0015 from './0015_queue_order.ts';
import * as m0016 from './0016_console_list_indexes.ts';
import * as m0017 from './0017_deadline_queue_order.ts';
import * as m0018 from './0018_waiting_by_project.ts';
import * as m0019 from './0019_queue_status_covered.ts';
import * as m0020 from './0020_audit_unread_indexes.ts';
import * as m0021 from './0021_audit_at_id_index.ts';
import * as m0022 from './0022_iso_time_defaults.ts';
import * as m0025 from './0025_staff_change.ts';
import * as m0045 from './0045_search.ts';
import * as m0050 from './0050_content_freshness.ts';
import * as m0051 from './0051_correction.ts';
import * as m0055 from './0055_enterprise_profile.ts';
import * as m0056 from './0056_match_push.ts';
import * as m0060 from './0060_enterprise_profile_import.ts';
import * as m0065 from './0065_push_sms.ts';
import * as m0070 from './0070_search_date_order.ts';
import * as m0075 from './0075_console_tables.ts';
import * as m0080 from './0080_phrase.ts';
import * as m0081 from './0081_published_copy.ts';
import * as m0085 from './0085_search_word_count.ts';
import * as m0086 from './0086_enterprise_attribute_change.ts';
import * as m0087 from './0087_profile_change_order.ts';

/**
 * Every migration, in order (Kysely sorts by name). A migration that has landed is never edited:
 * add a new one. 0007 was never landed; numbers are handed out as work starts, so a gap is harmless.
 */
export const migrations: Record<string, Migration> = {
  '0001_notice': m0001,
  '0002_accounts': m0002,
  '0003_content': m0003,
  '0004_auth': m0004,
  '0005_enterprise': m0005,
  '0006_staff_console': m0006,
  '0008_content_directories': m0008,
  '0009_workflows': m0009,
  '0010_content_workflow': m0010,
  '0011_declare_review': m0011,
  '0012_free_declare_console': m0012,
  '0013_dashboard_counts': m0013,
  '0014_catalog_console': m0014,
  '0015_queue_order': m0015,
  '0016_console_list_indexes': m0016,
  '0017_deadline_queue_order': m0017,
  '0018_waiting_by_project': m0018,
  '0019_queue_status_covered': m0019,
  '0020_audit_unread_indexes': m0020,
  '0021_audit_at_id_index': m0021,
  '0022_iso_time_defaults': m0022,
  '0025_staff_change': m0025,
  '0045_search': m0045,
  '0050_content_freshness': m0050,
  '0051_correction': m0051,
  '0055_enterprise_profile': m0055,
  '0056_match_push': m0056,
  '0060_enterprise_profile_import': m0060,
  '0065_push_sms': m0065,
  '0070_search_date_order': m0070,
  '0075_console_tables': m0075,
  '0080_phrase': m0080,
  '0081_published_copy': m0081,
  '0085_search_word_count': m0085,
  '0086_enterprise_attribute_change': m0086,
  '0087_profile_change_order': m0087,
};
