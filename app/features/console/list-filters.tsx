import { Button, Form } from 'antd';
import { useEffect } from 'react';
import { Button as FirstPaintButton, Form as FirstPaintForm } from '#app/components/antd-first-paint.tsx';
import { PlainSpace } from '#app/components/plain-antd.tsx';
import { useHydrated } from '#app/lib/use-hydrated.ts';

/**
 * The filter bar above a console list: inline fields, 查询 and 重置. Values go to the URL through
 * `onSearch` (the loader reads them), so a filtered list can be shared and reloaded.
 *
 * `firstPaint`: the page's fields are antd-first-paint.tsx's (Form.Item, Input, Select), so the bar
 * is drawn as antd's markup until hydration, as the user centre's forms are (antd's inline form
 * with its selects was a fifth of a list page's render). A page whose fields are antd's own leaves it off.
 */
export function ListFilters<T extends object>({
  values,
  onSearch,
  firstPaint = false,
  children,
}: {
  values: T;
  onSearch: (values: T) => void;
  firstPaint?: boolean;
  children: React.ReactNode;
}) {
  const [form] = Form.useForm<T>();
  const hydrated = useHydrated();
  // A drawn bar has no antd form to fill before hydration; antd's takes `values` as its initial values.
  useEffect(() => {
    if (hydrated) form.setFieldsValue(values as never);
  }, [form, values, hydrated]);
  const BarForm = firstPaint ? FirstPaintForm : Form;
  const BarButton = firstPaint ? FirstPaintButton : Button;
  return (
    <BarForm form={form} layout="inline" className="console-page__filters" initialValues={values} onFinish={onSearch}>
      {children}
      <BarForm.Item>
        <PlainSpace>
          <BarButton type="primary" htmlType="submit">
            查询
          </BarButton>
          <BarButton
            onClick={() => {
              form.resetFields();
              const empty = Object.fromEntries(Object.keys(form.getFieldsValue()).map((k) => [k, undefined]));
              onSearch(empty as T);
            }}
          >
            重置
          </BarButton>
        </PlainSpace>
      </BarForm.Item>
    </BarForm>
  );
}
