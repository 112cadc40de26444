import type { TestApp } from './test-app.ts';

/** A dispatcher acting through the services directly, for tests that only need an appeal moved on. */
export const TEST_DISPATCHER = { id: 0, name: '测试受理员', departmentId: null, permissions: ['appeal:dispatch', 'evaluation:follow-up'] };

export function bureau(t: TestApp) {
  const wo = t.app.services.appealConsole;
  return {
    accept: (id: number) => wo.accept(TEST_DISPATCHER, { id }),
    reject: (id: number, reason: string) => wo.reject(TEST_DISPATCHER, { id, reason }),
    /** Answered by the bureau itself (no department assigned). */
    reply: (id: number, reply: string) => wo.reply(TEST_DISPATCHER, { id, reply, attachments: [] }),
  };
}
