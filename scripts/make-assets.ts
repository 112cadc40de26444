/**
 * `node --import tsx scripts/make-assets.ts` regenerates the files shipped in assets/ (the declaration templates and the
 * public PDF attachments of the demo content). They are committed; run this only to change them.
 * Real, valid files: OOXML packages are ZIP containers written here, the PDFs use the standard
 * Chinese font STSong-Light (Adobe-GB1), which every PDF reader provides without embedding.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';

const ASSETS = path.resolve(import.meta.dirname, '../assets');

/** A ZIP archive (deflate), enough for OOXML. Fixed timestamps keep the output byte-identical. */
function zip(entries: [name: string, content: string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const DOS_TIME = 0;
  const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;
  for (const [name, content] of entries) {
    const data = Buffer.from(content, 'utf8');
    const packed = deflateRawSync(data);
    const nameBuf = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, packed);
    centrals.push(central, nameBuf);
    offset += local.length + nameBuf.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

// ---- Word ----
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const run = (text: string, opts: { bold?: boolean; size?: number } = {}) =>
  `<w:r><w:rPr><w:rFonts w:ascii="SimSun" w:hAnsi="SimSun" w:eastAsia="宋体"/>${opts.bold ? '<w:b/>' : ''}${opts.size ? `<w:sz w:val="${opts.size}"/>` : ''}</w:rPr><w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
const para = (text: string, opts: { bold?: boolean; size?: number; center?: boolean } = {}) =>
  `<w:p>${opts.center ? '<w:pPr><w:jc w:val="center"/></w:pPr>' : ''}${run(text, opts)}</w:p>`;
const table = (rows: string[][]) =>
  `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/><w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV']
    .map((b) => `<w:${b} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`)
    .join('')}</w:tblBorders></w:tblPr>${rows.map((r) => `<w:tr>${r.map((c) => `<w:tc><w:tcPr><w:tcW w:w="${Math.floor(5000 / r.length)}" w:type="pct"/></w:tcPr>${para(c)}</w:tc>`).join('')}</w:tr>`).join('')}</w:tbl>`;

function docx(body: string): Buffer {
  return zip([
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    ],
    ['_rels/.rels', `${XML}<Relationships xmlns="${RELS_NS}"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`],
    ['word/document.xml', `${XML}<w:document xmlns:w="${W}"><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="851" w:footer="992" w:gutter="0"/></w:sectPr></w:body></w:document>`],
  ]);
}

const declarationForm = docx(
  [
    para('某某综合保税区企业扶持项目申报书', { bold: true, size: 36, center: true }),
    para(''),
    para('项目名称：＿＿＿＿＿＿＿＿＿＿＿＿＿＿＿＿＿＿＿＿'),
    para('申报单位（盖章）：＿＿＿＿＿＿＿＿＿＿＿＿＿＿＿＿'),
    para('申报日期：　　　　年　　月　　日'),
    para(''),
    para('一、企业基本情况', { bold: true }),
    table([
      ['企业名称', '', '统一社会信用代码', ''],
      ['法定代表人', '', '注册资本（万元）', ''],
      ['联系人', '', '联系电话', ''],
      ['注册地址', '', '所属行业', ''],
      ['上年度营业收入（万元）', '', '上年度纳税总额（万元）', ''],
    ]),
    para(''),
    para('二、项目基本情况', { bold: true }),
    para('（项目背景、建设内容、实施进度、已完成投资等，不少于 500 字）'),
    para(''),
    para('三、申请扶持金额及测算依据', { bold: true }),
    table([
      ['申请金额（万元）', ''],
      ['测算依据', ''],
    ]),
    para(''),
    para('四、附件清单', { bold: true }),
    para('1. 营业执照复印件；2. 上年度财务报表；3. 项目相关证明材料；4. 信用承诺书。'),
    para(''),
    para('申报单位承诺以上内容及所附材料真实、准确、完整。'),
    para('法定代表人（签字）：　　　　　　　　申报单位（盖章）：'),
  ].join(''),
);

const commitment = docx(
  [
    para('信用承诺书', { bold: true, size: 36, center: true }),
    para(''),
    para('某某综合保税区企业服务局：'),
    para('　　本单位自愿申报本年度企业扶持项目，现郑重承诺如下：'),
    para('　　一、所提交的申报材料及相关信息真实、准确、完整，不存在弄虚作假、隐瞒事实的情况；'),
    para('　　二、本单位近三年内无重大违法违规行为，未被列入严重失信主体名单；'),
    para('　　三、同一项目未重复申报其他同类财政资金扶持；'),
    para('　　四、获得扶持资金后将按规定用途使用，自觉接受财政、审计等部门的监督检查；'),
    para('　　五、如违反上述承诺，自愿退回已获扶持资金，并承担相应法律责任。'),
    para(''),
    para('承诺单位（盖章）：＿＿＿＿＿＿＿＿＿＿'),
    para('法定代表人（签字）：＿＿＿＿＿＿＿＿'),
    para('日期：　　　　年　　月　　日'),
  ].join(''),
);

// ---- Excel ----
function xlsx(rows: string[][]): Buffer {
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheetRows = rows
    .map((r, ri) => `<row r="${ri + 1}">${r.map((v, ci) => `<c r="${col(ci)}${ri + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`).join('')}</row>`)
    .join('');
  return zip([
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ],
    ['_rels/.rels', `${XML}<Relationships xmlns="${RELS_NS}"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    [
      'xl/workbook.xml',
      `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="财务报表" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    ['xl/_rels/workbook.xml.rels', `${XML}<Relationships xmlns="${RELS_NS}"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`],
    [
      'xl/worksheets/sheet1.xml',
      `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cols><col min="1" max="1" width="36" customWidth="1"/><col min="2" max="4" width="18" customWidth="1"/></cols><sheetData>${sheetRows}</sheetData></worksheet>`,
    ],
  ]);
}

const financial = xlsx([
  ['企业主要财务指标表（单位：万元）', '', '', ''],
  ['企业名称：', '', '统一社会信用代码：', ''],
  ['指标', '前年度', '上年度', '本年度截至上月'],
  ...['营业收入', '其中：主营业务收入', '利润总额', '净利润', '纳税总额', '研发费用', '资产总额', '负债总额', '所有者权益', '年末从业人数（人）'].map((k) => [k, '', '', '']),
  ['填表人：', '', '联系电话：', ''],
]);

// ---- PDF ----
const ucs2Hex = (s: string) =>
  Array.from(s)
    .map((ch) => ch.charCodeAt(0).toString(16).padStart(4, '0'))
    .join('');

function pdf(lines: { text: string; size: number }[]): Buffer {
  let y = 780;
  const ops = lines
    .map(({ text, size }) => {
      y -= size + 10;
      return `BT /F1 ${size} Tf 56 ${y} Td <${ucs2Hex(text)}> Tj ET`;
    })
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [5 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 7 0 R /DW 1000 >>',
    `<< /Length ${Buffer.byteLength(ops, 'latin1')} >>\nstream\n${ops}\nendstream`,
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const guide = (title: string, body: string[]) => pdf([{ text: title, size: 20 }, { text: '', size: 6 }, ...body.map((text) => ({ text, size: 12 }))]);

const files: [string, Buffer][] = [
  ['templates/申报书模板.docx', declarationForm],
  ['templates/承诺书模板.docx', commitment],
  ['templates/财务报表模板.xlsx', financial],
  [
    'public/notice-guide.pdf',
    guide('申报指南', [
      '一、适用范围：注册在本综合保税区内、依法经营的企业。',
      '二、办理方式：通过企业服务平台在线提交，或到企业服务中心窗口办理。',
      '三、所需材料：营业执照、申报书、信用承诺书及相关证明材料。',
      '四、办理时限：材料齐全后 5 个工作日内办结。',
      '五、咨询电话：021-58880000（工作日 9:00-17:00）。',
    ]),
  ],
  [
    'public/declare-guide.pdf',
    guide('企业扶持项目申报操作指南', [
      '1. 登录企业服务平台，进入“免申即享”栏目下的“申报项目”。',
      '2. 选择申报中的项目，阅读申报条件，下载申报书和承诺书模板。',
      '3. 在线填写申报信息，按材料清单上传附件，可先保存草稿。',
      '4. 核对无误后提交，审核结果将在用户中心“我的申报”中显示。',
      '5. 被退回修改的申报，按审核意见修改后可再次提交。',
    ]),
  ],
  [
    'public/policy-text.pdf',
    guide('政策原文（节选）', [
      '第一条　为优化营商环境，支持区内企业高质量发展，制定本办法。',
      '第二条　本办法适用于在本综合保税区内注册并实际经营的企业。',
      '第三条　扶持资金实行“免申即享”与“依申请兑现”相结合的方式。',
      '第四条　本办法自发布之日起施行，有效期三年。',
    ]),
  ],
  // Stand-ins for the files that the demo enterprises "uploaded" with their seeded appeals and declarations.
  [
    'public/demo-business-license.pdf',
    guide('营业执照（演示样例）', [
      '名称：示范科技（上海）有限公司',
      '类型：有限责任公司（自然人投资或控股）',
      '住所：中国（上海）自由贸易试验区基隆路 6 号 1208 室',
      '本文件为演示数据，不具有任何法律效力。',
    ]),
  ],
  [
    'public/demo-financial-report.pdf',
    guide('上年度财务报表（演示样例）', [
      '营业收入：3,860 万元　　利润总额：412 万元',
      '研发费用：356 万元　　纳税总额：198 万元',
      '年末从业人数：86 人',
      '本文件为演示数据，不具有任何法律效力。',
    ]),
  ],
  [
    'public/demo-application.pdf',
    guide('项目申报书（演示样例）', [
      '项目名称：智能仓储分拣系统研发及产业化',
      '项目周期：2026 年 1 月至 2026 年 12 月',
      '项目总投资：860 万元，其中研发投入 420 万元',
      '本文件为演示数据，不具有任何法律效力。',
    ]),
  ],
];

for (const [name, data] of files) {
  writeFileSync(path.join(ASSETS, name), data);
  console.log(`${name}  ${data.length} 字节`);
}
