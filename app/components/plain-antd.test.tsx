import { Checkbox, Space, Tag } from 'antd';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AntdProvider } from './antd-provider.tsx';
import { PlainCheckbox, PlainSpace, PlainTag } from './plain-antd.tsx';

// PlainTag stands in for antd's Tag where a tag only labels: the same markup, so antd's stylesheet
// draws the same tag. An antd upgrade that changes Tag's markup fails here.
const render = (node: React.ReactNode) => renderToStaticMarkup(<AntdProvider>{node}</AntdProvider>);
// The user centre's colours and the console's (work order states, extensions, 超期 / 临期).
const COLOURS = ['blue', 'processing', 'orange', 'green', 'red', 'success', 'error', 'warning', 'purple', 'cyan', 'default', undefined];

describe('PlainTag', () => {
  for (const variant of ['filled', 'outlined', 'solid'] as const) {
    it(`writes antd Tag's markup, ${variant}, in every colour the portal uses`, () => {
      // A colourless solid tag is not used (antd would name it default).
      for (const color of variant === 'solid' ? COLOURS.filter(Boolean) : COLOURS) {
        const ours = render(
          <PlainTag color={color} variant={variant}>
            待受理
          </PlainTag>,
        );
        expect(ours).toBe(
          render(
            <Tag color={color} variant={variant}>
              待受理
            </Tag>,
          ),
        );
        expect(ours).toContain('待受理');
      }
    });
  }

  it("writes antd's default variant when none is given", () => {
    expect(render(<PlainTag color="orange">临期</PlainTag>)).toBe(render(<Tag color="orange">临期</Tag>));
  });
});

describe('PlainSpace', () => {
  it("writes antd Space's markup with a gap in pixels, leaving out the empty items", () => {
    const items = (edit: boolean) => [
      <a key="view" href="/user/appeal/2">
        查看
      </a>,
      edit && (
        <a key="edit" href="/appeal/components/appeal-form?id=2">
          修改
        </a>
      ),
      null,
    ];
    for (const edit of [true, false]) {
      const ours = render(<PlainSpace size={4}>{items(edit)}</PlainSpace>);
      expect(ours).toBe(render(<Space size={4}>{items(edit)}</Space>));
      const wrapped = render(
        <PlainSpace size={4} wrap className="message-item__actions">
          {items(edit)}
        </PlainSpace>,
      );
      expect(wrapped).toBe(
        render(
          <Space size={4} wrap className="message-item__actions">
            {items(edit)}
          </Space>,
        ),
      );
      expect(ours).toContain('查看');
    }
  });

  it("writes antd Space's markup at its default size", () => {
    const ours = render(
      <PlainSpace>
        <span>搜索</span>
        <button type="button">我要诉求</button>
      </PlainSpace>,
    );
    expect(ours).toBe(
      render(
        <Space>
          <span>搜索</span>
          <button type="button">我要诉求</button>
        </Space>,
      ),
    );
  });
});

describe('PlainCheckbox', () => {
  it("writes antd Checkbox's markup, ticked or not, disabled or not", () => {
    for (const checked of [false, true]) {
      for (const disabled of [false, true]) {
        const ours = render(<PlainCheckbox checked={checked} disabled={disabled} aria-label="选择第 1 行" />);
        expect(ours).toBe(render(<Checkbox checked={checked} disabled={disabled} aria-label="选择第 1 行" />));
        expect(ours).toContain('aria-label="选择第 1 行"');
      }
    }
  });
});
