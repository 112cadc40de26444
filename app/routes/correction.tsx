import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/correction';
import { AntdProvider } from '#app/components/antd-provider.tsx';
import { antdLinks } from '#app/components/antd-styles.ts';
import { DoneResult } from '#app/components/done-result.tsx';
import { PageHeading } from '#app/components/page-heading.tsx';
import { http } from '#app/lib/http.ts';
import { reportFormError } from '#app/lib/form-errors.ts';
import { zodRule } from '#app/lib/form-rules.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { formatDeadline } from '#contract/format.ts';
import { correctionReportSchema, type CorrectionReceipt } from '#contract/correction.ts';

export const links: Route.LinksFunction = () => antdLinks();
export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, '网站纠错'), { name: 'robots', content: 'noindex' }];

/** The page reported on, from the 纠错 link; a link from elsewhere (or none) names no page. */
export function loader({ url }: Route.LoaderArgs) {
  const page = correctionReportSchema.shape.pageUrl.safeParse(url.searchParams.get('page') ?? '');
  if (!page.success) return { page: null, title: null };
  const title = url.searchParams.get('title')?.trim().slice(0, 200) || page.data;
  return { page: page.data, title };
}

const fields = correctionReportSchema.shape;

/** 网站纠错: what is wrong on a page of the portal, and an optional contact; answered within 3 working days. */
export default function CorrectionPage({ loaderData }: Route.ComponentProps) {
  const { page, title } = loaderData;
  const [form] = Form.useForm<{ description: string; contact?: string }>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<CorrectionReceipt | null>(null);

  async function send(values: { description: string; contact?: string }) {
    setBusy(true);
    try {
      setDone(await http.post<CorrectionReceipt>('/api/correction/report', { pageUrl: page, pageTitle: title, ...values }, { silent: true }));
    } catch (err) {
      reportFormError(form, err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AntdProvider>
      <PageHeading title="网站纠错" crumbs={[{ label: '网站纠错' }]} />
      <div className="correction-page">
        {!page ? (
          <p>请在出错的页面底部点击“纠错”，我们会知道您说的是哪一页。</p>
        ) : done ? (
          <DoneResult
            title="感谢您的纠错"
            subTitle={`受理编号 ${done.receiptNo}。我们将在 ${formatDeadline(done.dueAt)} 前核实处理。`}
            extra={<Link to={page}>返回原页面</Link>}
          />
        ) : (
          <Form form={form} layout="vertical" onFinish={send} autoComplete="off" requiredMark="optional" aria-label="网站纠错">
            <p className="correction-page__page">
              出错页面：<Link to={page}>{title}</Link>
            </p>
            <Form.Item name="description" label="哪里有误" rules={[zodRule(fields.description)]} extra="如错别字、链接打不开、信息过时或前后矛盾，请尽量写明位置">
              <Input.TextArea rows={5} maxLength={1000} showCount />
            </Form.Item>
            <Form.Item name="contact" label="联系方式" rules={[zodRule(fields.contact)]} extra="手机号或电子邮箱，需要时我们会联系您；不填也会处理">
              <Input maxLength={100} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              提交纠错
            </Button>
          </Form>
        )}
      </div>
    </AntdProvider>
  );
}
