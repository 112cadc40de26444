import { PlusOutlined } from '@ant-design/icons';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AccountProfile } from '#contract/account.ts';
import { AccountSettings } from '#app/features/account/account-settings.tsx';
import { Button, FirstPaint } from './antd-first-paint.tsx';
import { renderBothWays } from '#tests/helpers/hydration.tsx';

// The open forms of /user are drawn from plain elements until the page hydrates, then antd takes
// over: the two must write the same markup, or the form would jump under the user's eyes. Each
// case renders the same form twice, drawn (server, hydration) and as antd (after hydration).
vi.mock('#app/lib/use-hydrated.ts', () => import('#tests/helpers/hydration-mock.ts'));

const enterprise = {
  name: '示范科技（上海）有限公司',
  uscc: '91310115MA1K48RD07',
  legalPerson: '周建华',
  industry: 'I',
  scale: 'small',
  provinceCode: '310000',
  cityCode: '310100',
  countyCode: '310115',
  address: '基隆路 6 号 1208 室',
  contactName: '陈思远',
  contactPhone: '13800138000',
} as unknown as NonNullable<AccountProfile['enterprise']>;

const profile = (
  over: {
    enterprise?: AccountProfile['enterprise'];
    hasPassword?: boolean;
    nickName?: string;
  } = {},
): AccountProfile => ({
  user: {
    nickName: over.nickName ?? '陈思远',
    phone: '13800138000',
    maskedPhone: '138****8000',
    avatar: null,
    loginName: '13800138000',
    hasPassword: over.hasPassword ?? true,
    ssoLinked: false,
  },
  enterprise: over.enterprise === undefined ? enterprise : over.enterprise,
  choices: {
    industry: [
      { text: '制造业', id: 'C' },
      { text: '信息传输、软件和信息技术服务业', id: 'I' },
    ],
    scale: [{ text: '小型', id: 'small' }],
    regions: [
      {
        value: '310000',
        label: '上海市',
        children: [
          {
            value: '310100',
            label: '上海市',
            children: [{ value: '310115', label: '浦东新区', isLeaf: true }],
          },
        ],
      },
      { value: '320000', label: '江苏省' },
    ],
  } as unknown as AccountProfile['choices'],
});

const both = (p: AccountProfile) => renderBothWays(() => <RouterProvider router={createMemoryRouter([{ path: '/user', element: <AccountSettings profile={p} /> }], { initialEntries: ['/user'] })} />);

describe('the open forms of /user before hydration', () => {
  it('draw the same markup as antd with every field filled', () => {
    const [drawn, antd] = both(profile());
    expect(drawn).toBe(antd);
    expect(drawn).toContain('上海市 / 上海市 / 浦东新区');
    expect(drawn).toContain('信息传输、软件和信息技术服务业');
    expect(drawn).toContain('3 / 20');
  });

  it('draw the same markup as antd for an account without an enterprise or a password', () => {
    const [drawn, antd] = both(profile({ enterprise: null, hasPassword: false, nickName: '' }));
    expect(drawn).toBe(antd);
    expect(drawn).toContain('请选择省 / 市 / 区县');
  });

  it("draw antd's primary, default and link buttons outside a form too", () => {
    const [drawn, antd] = renderBothWays(() => (
      <FirstPaint>
        <Button type="primary" onClick={() => {}}>
          去补正
        </Button>
        <Button htmlType="submit">保存</Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => {}}>
          我要诉求
        </Button>
        <Button type="link" size="small" className="ent-link-button" onClick={() => {}}>
          评价
        </Button>
      </FirstPaint>
    ));
    expect(drawn).toBe(antd);
    expect(drawn).toContain('ant-btn-primary');
  });
});
