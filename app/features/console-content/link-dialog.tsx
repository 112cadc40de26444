import { Form, Input, Modal } from 'antd';

const LINK_PATTERN = /^(https?:\/\/|mailto:|tel:)/i;

/**
 * 插入链接 as a dialog of the page (the browser's prompt() is unstyled, English-titled in some
 * browsers and blocks the page): an address checked as the sanitiser would, empty to remove one.
 */
export function LinkDialog({ open, initial, onDone, onCancel }: { open: boolean; initial: string; onDone: (href: string) => void; onCancel: () => void }) {
  const [form] = Form.useForm<{ href: string }>();
  return (
    <Modal open={open} title="插入链接" okText="确定" cancelText="取消" onOk={() => form.submit()} onCancel={onCancel} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ href: initial }} preserve={false} onFinish={({ href }) => onDone((href ?? '').trim())}>
        <Form.Item
          name="href"
          label="链接地址"
          extra="以 http://、https://、mailto: 或 tel: 开头；留空则取消链接"
          rules={[{ validator: async (_, v: string | undefined) => (!v?.trim() || LINK_PATTERN.test(v.trim()) ? undefined : Promise.reject(new Error('链接地址须以 http://、https://、mailto: 或 tel: 开头'))) }]}
        >
          <Input autoFocus placeholder="https://" maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
