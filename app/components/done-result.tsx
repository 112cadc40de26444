import { Result, type ResultProps } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * The success a form gives way to (诉求已提交, 申报已提交, 已确认). The button that was pressed goes
 * with the form, and the focus with it, back to the start of the page (after a confirm dialog, too:
 * it returns the focus to that button). The focus is put on the result's heading instead: a screen
 * reader says what happened, and the next Tab reaches the result's own buttons.
 */
export function DoneResult({ title, ...props }: Omit<ResultProps, 'status' | 'title'> & { title: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Result
      status="success"
      title={
        <h2 ref={heading} tabIndex={-1} className="done-result__title">
          {title}
        </h2>
      }
      {...props}
    />
  );
}
