// Extracts the CSS of every antd component with the portal theme into app/styles/antd.generated.css
// (run before `react-router build`; the file is generated, not committed), followed by the
// portal's own adjustments to antd (app/styles/antd-overrides.css), so that both load as one file.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { antdTheme } from '../app/components/antd-theme.ts';

const css = extractStyle((node) => <ConfigProvider theme={antdTheme}>{node}</ConfigProvider>);
const out = path.resolve(import.meta.dirname, '../app/styles/antd.generated.css');
const overrides = readFileSync(path.resolve(import.meta.dirname, '../app/styles/antd-overrides.css'), 'utf8');
writeFileSync(out, `${css}\n${overrides}`);
console.log(`antd 样式已生成：${path.relative(process.cwd(), out)}（${(css.length / 1024).toFixed(0)} KB）`);
