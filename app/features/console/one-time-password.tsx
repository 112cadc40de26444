import { App, Typography } from 'antd';
import { useCallback } from 'react';

/**
 * Shows a new account's (or a reset's) one-time password once: the administrator hands it over
 * in person; the holder must change it at the first sign-in. It is never shown again.
 */
export function useOneTimePasswordDialog() {
  const { modal } = App.useApp();
  return useCallback(
    (title: string, who: string, password: string) =>
      modal.success({
        title,
        width: 480,
        okText: '我已记下',
        content: (
          <div>
            <p>请将以下一次性密码当面或通过安全渠道交给 {who}。此密码只显示这一次，对方首次登录后须立即修改。</p>
            <Typography.Paragraph copyable={{ text: password, tooltips: ['复制', '已复制'] }} style={{ fontSize: 20, fontFamily: 'monospace', margin: 0 }} data-testid="one-time-password">
              {password}
            </Typography.Paragraph>
          </div>
        ),
      }),
    [modal],
  );
}
