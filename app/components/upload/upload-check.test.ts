import { describe, expect, it } from 'vitest';
import { sameFiles, uploadProblem } from './upload-check.ts';

const MB = 1024 * 1024;

describe('uploadProblem', () => {
  it('accepts the allowed kinds within the size limit, whatever the case of the extension', () => {
    for (const name of ['营业执照.PDF', 'a.doc', 'a.docx', 'a.xls', 'a.xlsx', 'a.jpg', 'a.png', 'a.zip', 'a.ofd']) {
      expect(uploadProblem({ name, size: MB }, 20 * MB)).toBeNull();
    }
  });

  it('refuses another kind, a file over the limit and an empty file, naming the file', () => {
    expect(uploadProblem({ name: 'run.exe', size: 10 }, 20 * MB)).toBe('“run.exe”：不支持的文件类型，请上传 PDF、Word、Excel、JPG、PNG、ZIP、OFD 文件');
    expect(uploadProblem({ name: '报表.xlsx', size: 20 * MB + 1 }, 20 * MB)).toBe('“报表.xlsx”：文件不能超过 20 MB，请压缩后重新上传');
    expect(uploadProblem({ name: '空.pdf', size: 0 }, 20 * MB)).toContain('空文件');
    expect(uploadProblem({ name: 'noext', size: 10 }, 20 * MB)).toContain('不支持的文件类型');
  });
});

describe('sameFiles', () => {
  it('compares names and keys in order', () => {
    const a = { name: 'a.pdf', path: 'k1' };
    const b = { name: 'b.pdf', path: 'k2' };
    expect(sameFiles([a, b], [a, b])).toBe(true);
    expect(sameFiles([a, b], [b, a])).toBe(false);
    expect(sameFiles([a], [])).toBe(false);
  });
});
