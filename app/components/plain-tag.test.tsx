import { Tag } from 'antd';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AntdProvider } from './antd-provider.tsx';
import { PlainTag } from './plain-tag.tsx';

// PlainTag stands in for antd's Tag where a tag only labels: the same markup, so antd's stylesheet
// draws the same tag. An antd upgrade that changes Tag's markup fails here.
const render = (node: React.ReactNode) => renderToStaticMarkup(<AntdProvider>{node}</AntdProvider>);
const COLOURS = ['blue', 'processing', 'orange', 'green', 'red', 'default', undefined];

describe('PlainTag', () => {
  for (const variant of ['filled', 'outlined', 'solid'] as const) {
    it(`writes antd Tag's markup, ${variant}, in every colour of the user centre`, () => {
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
