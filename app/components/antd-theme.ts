import type { ThemeConfig } from 'antd';

/**
 * The one antd theme of the portal (primary #1aa3f9). The build extracts its CSS once
 * (scripts/build-styles.tsx) and the pages run antd in zero-runtime mode with that file, so the
 * server never computes styles per request and the first paint is already styled.
 */
export const antdTheme: ThemeConfig = {
  token: {
    // #1aa3f9 on white is 2.7:1; antd puts white text on the primary and uses it as link text,
    // so the tokens take the darker shade of the same blue (4.95:1, WCAG AA). See decisions.md.
    colorPrimary: '#0a72c7',
    colorLink: '#0a72c7',
    borderRadius: 4,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  },
  hashed: false,
  cssVar: { key: 'portal' },
};
