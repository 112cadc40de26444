import { Button, Form, Space } from 'antd';
import { useEffect } from 'react';

/**
 * The filter bar above a console list: inline fields, 查询 and 重置. Values go to the URL through
 * `onSearch` (the loader reads them), so a filtered list can be shared and reloaded.
 */
export function ListFilters<T extends object>({ values, onSearch, children }: { values: T; onSearch: (values: T) => void; children: React.ReactNode }) {
  const [form] = Form.useForm<T>();
  useEffect(() => form.setFieldsValue(values as never), [form, values]);
  return (
    <Form form={form} layout="inline" className="console-page__filters" initialValues={values} onFinish={onSearch}>
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              const empty = Object.fromEntries(Object.keys(form.getFieldsValue()).map((k) => [k, undefined]));
              onSearch(empty as T);
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
