import { LoadingOutlined } from '@ant-design/icons';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { bindFeedback } from '../lib/feedback.ts';
import { watchFormErrors } from '../lib/form-error-announcer.ts';
import { antdTheme } from './antd-theme.ts';

dayjs.locale('zh-cn');

const theme = { ...antdTheme, zeroRuntime: true };

/**
 * A busy button's spinner. antd's default one slides in and out with a CSS transition and stays in
 * the button until `transitionend` fires; on a slow machine that event was seen never to come, and
 * the button kept the name "loading 登录" after the request had ended. This one is there exactly
 * while the button is busy, and says so in Chinese.
 */
const button = { autoInsertSpace: false, loadingIcon: <LoadingOutlined aria-label="正在处理" /> };

/**
 * antd for the routes that use it (forms, the user area): zh_CN, the portal theme, styles from the
 * CSS file extracted at build time (zero runtime: nothing is computed per request, nothing flashes).
 * Public pages do not use antd, so they do not pay for it.
 */
export function AntdProvider({ children }: { children: React.ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={button}>
      <App>
        <FeedbackBinder />
        {children}
      </App>
    </ConfigProvider>
  );
}

/** Hands the themed message and modal instances to code outside React (the HTTP client); announces form errors. */
function FeedbackBinder() {
  const { message, modal } = App.useApp();
  bindFeedback(message, modal);
  // Form errors are said aloud as they appear (antd's own markup has no live region).
  useEffect(watchFormErrors, []);
  return null;
}
