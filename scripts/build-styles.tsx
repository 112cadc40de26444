// Extracts the CSS of every antd component with the portal theme into app/styles/antd.generated.css
// (run before `react-router build`; the file is generated, not committed), followed by the
// portal's own adjustments to antd (app/styles/antd-overrides.css), so that both load as one file.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { antdTheme } from '../app/components/antd-theme.ts';

// Keyboard focus rings of buttons, tabs, pagination and the like: antd draws them in
// colorPrimaryBorder, a pale tint (1.7:1 on white); the portal's text blue instead (4.95:1).
// Only the outlines change: the token also colours borders, which stay as they are.
const FOCUS_OUTLINE = /(outline:var\(--ant-(?:[a-z]+-)*line-width-focus\) solid )var\(--ant-color-primary-border\)/g;
const css = extractStyle((node) => <ConfigProvider theme={antdTheme}>{node}</ConfigProvider>).replace(FOCUS_OUTLINE, '$1var(--ant-color-primary)');
const out = path.resolve(import.meta.dirname, '../app/styles/antd.generated.css');
const overrides = readFileSync(path.resolve(import.meta.dirname, '../app/styles/antd-overrides.css'), 'utf8');
writeFileSync(out, `${css}\n${overrides}`);
console.log(`antd 样式已生成：${path.relative(process.cwd(), out)}（${(css.length / 1024).toFixed(0)} KB）`);
