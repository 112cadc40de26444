// Extracts the CSS of every antd component with the portal theme into app/styles/antd.generated.css
// (run before `react-router build`; the file is generated, not committed).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { antdTheme } from '../app/components/antd-theme.ts';

const css = extractStyle((node) => <ConfigProvider theme={antdTheme}>{node}</ConfigProvider>);
const out = path.resolve(import.meta.dirname, '../app/styles/antd.generated.css');
writeFileSync(out, css);
console.log(`antd 样式已生成：${path.relative(process.cwd(), out)}（${(css.length / 1024).toFixed(0)} KB）`);
