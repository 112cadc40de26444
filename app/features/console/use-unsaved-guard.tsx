import { Button, Modal } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * A form's guard against leaving with unsaved changes: a link, 返回列表 or the browser's back
 * asks 离开此页？ first, and closing or reloading the tab gets the browser's own question. The
 * form calls `changed()` on an edit and `saved()` before it navigates on purpose.
 */
export function useUnsavedGuard() {
  const dirty = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (dirty.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const changed = useCallback(() => {
    dirty.current = true;
  }, []);
  const saved = useCallback(() => {
    dirty.current = false;
  }, []);

  const asking = blocker.state === 'blocked';
  const dialog = (
    <Modal
      open={asking}
      title="离开此页？"
      onCancel={() => blocker.reset?.()}
      footer={[
        <Button key="stay" type="primary" onClick={() => blocker.reset?.()}>
          继续编辑
        </Button>,
        <Button
          key="leave"
          danger
          onClick={() => {
            dirty.current = false;
            blocker.proceed?.();
          }}
        >
          放弃修改并离开
        </Button>,
      ]}
    >
      本页有未保存的修改。离开后，未保存的修改将会丢失。
    </Modal>
  );
  return { changed, saved, dialog };
}
