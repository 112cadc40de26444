import { PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { Descriptions, Empty } from 'antd';
import { Button } from '#app/components/antd-first-paint.tsx';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { SmartLink } from '#app/components/smart-link.tsx';
import type { Route } from './+types/user.address-book';
import { ReadOnlyTable } from '#app/components/first-paint-table.tsx';
import { requireUser } from '#app/lib/require-user.server.ts';
import { useListLoading } from '#app/features/user-centre/use-list-loading.ts';
import { confirm, notify } from '#app/lib/feedback.ts';
import { http } from '#app/lib/http.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { AddressBookEntry } from '#contract/address-book.ts';
import { display } from '#contract/format.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '我的通讯录');

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const { userBook } = args.context.services;
  const [commissioner, starred] = await Promise.all([userBook.commissioner(user), userBook.starred(user)]);
  return { commissioner, starred };
}

const PAGE_SIZE = 10;

export default function MyAddressBook({ loaderData }: Route.ComponentProps) {
  const { commissioner, starred } = loaderData;
  const revalidator = useRevalidator();
  const loading = useListLoading() || revalidator.state === 'loading';
  const [removing, setRemoving] = useState<number | null>(null);
  const [wanted, setPage] = useState(1);
  // Paged here, as antd's Table paged it: after an unstar the page past the last shows the last.
  const page = Math.min(wanted, Math.max(1, Math.ceil(starred.length / PAGE_SIZE)));

  async function unstar(entry: AddressBookEntry) {
    if (!(await confirm(`确定取消收藏“${entry.department} ${entry.name}”吗？`, { okText: '取消收藏', cancelText: '保留' }))) return;
    setRemoving(entry.id);
    try {
      await http.post('/api/book/gov/star', { entryId: entry.id, starred: false });
      notify('success', '已取消收藏');
      await revalidator.revalidate();
    } finally {
      setRemoving(null);
    }
  }

  return (
    <>
      <section className="card ent-section">
        <h1 className="section-title">我的服务专员</h1>
        {commissioner ? (
          <div className="commissioner" data-testid="commissioner">
            <div className="commissioner__avatar" aria-hidden="true">
              <UserOutlined />
            </div>
            <Descriptions
              column={2}
              title={
                <span>
                  {commissioner.name} <span className="ent-muted commissioner__dept">{commissioner.department}</span>
                </span>
              }
              items={[
                {
                  key: 'phone',
                  label: '联系电话',
                  children: (
                    <a href={`tel:${commissioner.phone}`}>
                      <PhoneOutlined /> {commissioner.phone}
                    </a>
                  ),
                },
                { key: 'address', label: '办公地址', children: display(commissioner.address) },
                { key: 'duties', label: '服务内容', span: 2, children: display(commissioner.duties) },
              ]}
            />
          </div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂未为贵企业分配服务专员，如需帮助请联系企业服务窗口。">
            <SmartLink to="/address-book">查看政务通讯录</SmartLink>
          </Empty>
        )}
      </section>
      <section className="card ent-section">
        <div className="ent-section__head">
          <h2 className="section-title">我收藏的联系人</h2>
          <SmartLink to="/address-book">去通讯录收藏 ›</SmartLink>
        </div>
        <ReadOnlyTable<AddressBookEntry>
          rowKey={(r) => r.id}
          loading={loading}
          dataSource={starred.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
          pagination={{ hideOnSinglePage: true, current: page, pageSize: PAGE_SIZE, total: starred.length, showSizeChanger: false, onChange: setPage }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有收藏的联系人">
                <SmartLink to="/address-book">在通讯录中收藏常用联系人</SmartLink>
              </Empty>
            ),
          }}
          columns={[
            { key: 'department', title: '部门', width: 180, render: (_, r) => r.department },
            { key: 'name', title: '姓名/岗位', width: 160, render: (_, r) => r.name },
            { key: 'phone', title: '电话', width: 150, render: (_, r) => <a href={`tel:${r.phone}`}>{r.phone}</a> },
            { key: 'duties', title: '职责', render: (_, r) => display(r.duties) },
            {
              key: 'actions',
              title: '操作',
              width: 100,
              render: (_, r) => (
                <Button type="link" size="small" className="ent-link-button" loading={removing === r.id} onClick={() => unstar(r)}>
                  取消收藏
                </Button>
              ),
            },
          ]}
        />
      </section>
    </>
  );
}
