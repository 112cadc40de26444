import { Button, Drawer, Space } from 'antd';
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';

/** The side panel of a console edit form: 取消 and 保存 at the top, 保存 submitting the form. */
export function FormDrawer({ open, title, size, form, busy, onClose, children }: {
  open: boolean;
  title: ReactNode;
  size: number;
  form: FormInstance;
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      open={open}
      title={title}
      size={size}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {children}
    </Drawer>
  );
}
