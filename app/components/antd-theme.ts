import type { ThemeConfig } from 'antd';

/**
 * The one antd theme of the portal (primary #1aa3f9). The build extracts its CSS once
 * (scripts/build-styles.tsx) and the pages run antd in zero-runtime mode with that file, so the
 * server never computes styles per request and the first paint is already styled.
 */
export const antdTheme: ThemeConfig = {
  token: {
    colorPrimary: '#1aa3f9',
    colorLink: '#1aa3f9',
    borderRadius: 4,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  },
  hashed: false,
  cssVar: { key: 'portal' },
};
