/**
 * The capacity section's load (scripts/bench/capacity.ts): user sessions of three kinds, each a
 * sequence of pages with think time between them, driven by autocannon's request sequences.
 *
 * A session is one pass through its kind's sequence; an autocannon connection is one person at a
 * time, going through the sequence again and again (new ids and filters each pass). Think time:
 * autocannon's `connectionRate: 1` lets a connection make at most one request a second, so a
 * person reads for about a second between pages (less the page's own time). People think longer,
 * but what the server sees is the arrival rate of pages, which is the same with fewer, quicker
 * people. The arrival rate of sessions is therefore connections ÷ steps a second, and a rate
 * is stepped up by adding connections. autocannon paces a run's connections in step (all on the
 * same one-second tick), so each kind's connections are split into WAVES runs started a
 * fraction of a second apart: arrivals spread over the second instead of coming in one burst.
 *
 * The mix (by sessions):
 * - 75 % anonymous visitors: home, notices filtered by a keyword, a notice, policies filtered
 *   by level, a policy, a search;
 * - 20 % enterprises (the demo enterprise, signed in): /user, /user/appeal, /user/messages,
 *   /user/address-book or /user/free-apply, a pending appeal edited and saved (their "draft"),
 *   and in one session of five an appeal filed, else the appeal list again;
 * - 5 % staff (the dispatcher, signed in): the workbench, the appeal queue, an appeal, accepting
 *   one (an internal note once the pending ones run out), the queue's second page, another appeal.
 */
export const THINK_SECONDS = 1;
export const WAVES = 10;
export const MIX = { anonymous: 0.75, enterprise: 0.2, staff: 0.05 } as const;
export type Kind = keyof typeof MIX;

/** One request of a session, made afresh each time (new ids, filters, bodies). */
export type Step = () => { method?: 'GET' | 'POST'; path: string; body?: object; headers?: Record<string, string> };

export interface Session {
  steps: Step[];
  /** Sent with every request of the session: a kind's cookie, say. */
  headers: Record<string, string>;
}

/** What the sessions need from the portal under test, gathered before the load (capacity.ts). */
export interface ScenarioData {
  enterpriseCookie: string;
  enterpriseBearer: string;
  staffCookie: string;
  staffBearer: string;
  noticeIds: number[];
  policyIds: number[];
  policyLevels: string[];
  /** Appeals in the staff queue, for detail pages. */
  queueIds: number[];
  /** Pending appeals filed for the run, each accepted once by a staff session. */
  pending: number[];
  /** The enterprise's own pending appeal, edited and saved by its sessions (staff never accept it). */
  draft: { id: number; type: string };
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)];
const page = (n: number) => 1 + Math.floor(Math.random() * n);
const KEYWORDS = ['企业', '通知', '申报', '海关', '跨境电商', '补贴'];
const SEARCHES = ['高新技术企业', '企业', '跨境电商 仓储', '补贴', 'zjtx'];
const q = (s: string) => encodeURIComponent(s);

/** The three kinds of session over the data gathered from the portal. */
export function portalSessions(d: ScenarioData): Record<Kind, Session> {
  const appeal = (title: string) => ({
    title,
    type: d.draft.type,
    content: '我司计划在综合保税区内扩大跨境电商仓储规模，想了解新增仓储用地的申请条件和办理流程。',
    contactName: '王经理',
    contactPhone: '13800138000',
    attachments: [],
    isPublic: false,
  });
  const post = (bearer: string, path: string, body: object) => ({
    method: 'POST' as const,
    path,
    body,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
  });
  const get = (path: string) => ({ path });
  let enterpriseSessions = 0;
  return {
    anonymous: {
      headers: {},
      steps: [
        () => get('/'),
        () => get(`/notice?keyword=${q(pick(KEYWORDS))}&currentPage=${page(3)}`),
        () => get(`/notice/detail?id=${pick(d.noticeIds)}`),
        () => get(`/important-policy?level=${q(pick(d.policyLevels))}&currentPage=${page(5)}`),
        () => get(`/important-policy/detail?id=${pick(d.policyIds)}`),
        () => get(`/search?q=${q(pick(SEARCHES))}`),
      ],
    },
    enterprise: {
      headers: { cookie: d.enterpriseCookie },
      steps: [
        () => (enterpriseSessions++, get('/user')),
        () => get('/user/appeal'),
        () => get('/user/messages'),
        () => get(enterpriseSessions % 2 ? '/user/address-book' : '/user/free-apply'),
        () => post(d.enterpriseBearer, '/admin/appeal/update', { ...appeal('关于跨境电商企业仓储用地的咨询（修改稿）'), id: d.draft.id }),
        // One session in five files an appeal; the others look at their list again.
        () => (enterpriseSessions % 5 === 0 ? post(d.enterpriseBearer, '/api/appeal/save', appeal('关于跨境电商企业仓储用地的咨询')) : get('/user/appeal')),
      ],
    },
    staff: {
      headers: { cookie: d.staffCookie },
      steps: [
        () => get('/console'),
        () => get('/console/appeal'),
        () => get(`/console/appeal/${pick(d.queueIds)}`),
        () => {
          const id = d.pending.pop();
          return id === undefined
            ? post(d.staffBearer, '/console/api/appeal/note', { id: pick(d.queueIds), content: '已电话联系企业，材料齐全。' })
            : post(d.staffBearer, '/console/api/appeal/accept', { id, note: '受理' });
        },
        () => get('/console/appeal?currentPage=2'),
        () => get(`/console/appeal/${pick(d.queueIds)}`),
      ],
    },
  };
}
