import type { ThemeConfig } from 'antd';

/**
 * The one antd theme of the portal (brand #1aa3f9, text-bearing #0a72c7). The build extracts its CSS once
 * (scripts/build-styles.tsx) and the pages run antd in zero-runtime mode with that file, so the
 * server never computes styles per request and the first paint is already styled.
 */
export const antdTheme: ThemeConfig = {
  token: {
    // #1aa3f9 on white is 2.7:1; antd puts white text on the primary and uses it as link text,
    // so the tokens take the darker shade of the same blue (4.95:1, WCAG AA). See decisions.md.
    colorPrimary: '#0a72c7',
    colorLink: '#0a72c7',
    // antd derives the hover and pressed shades by lightening the primary (#3a8fd4 hovered: 3.5:1
    // under white text); darker shades keep a hovered or pressed button and link at AA.
    colorPrimaryHover: '#085fa6',
    colorPrimaryActive: '#064f8a',
    colorLinkHover: '#085fa6',
    colorLinkActive: '#064f8a',
    // antd's defaults for secondary text (#8c8c8c), placeholders (#bfbfbf) and errors (#ff4d4f)
    // fall below 4.5:1 on white; these keep their roles at AA contrast (4.6–5.7:1).
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: '#6b6b6b',
    colorError: '#d9363e',
    // The ring round a focused field (a 2 px shadow outside its border) in the text blue and the
    // status colours themselves, not antd's 6–10 % tints, which nobody sees (WCAG 2.4.7, 1.4.11).
    controlOutline: '#0a72c7',
    colorErrorOutline: '#d9363e',
    colorWarningOutline: '#a85600',
    borderRadius: 4,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  },
  hashed: false,
  cssVar: { key: 'portal' },
};
