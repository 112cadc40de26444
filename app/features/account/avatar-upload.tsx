import { LoadingOutlined } from '@ant-design/icons';
import { Upload } from 'antd';
import { useState } from 'react';
import { downloadUrl, type UploadResult } from '#contract/files.ts';
import { notify } from '#app/lib/feedback.ts';
import { http } from '#app/lib/http.ts';

const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = ['image/png', 'image/jpeg'];

export const avatarSrc = (path: string) => downloadUrl({ name: 'avatar.png', path });

/** The avatar of the profile form: a JPG or PNG up to 2 MB, uploaded at once; the value is its storage key. */
export function AvatarUpload({ value, onChange, fallback }: { value?: string | null; onChange?: (v: string | null) => void; fallback: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="avatar-upload">
      <span className="avatar-upload__img" aria-hidden="true">
        {value ? <img src={avatarSrc(value)} alt="" width={72} height={72} /> : fallback || '企'}
      </span>
      <div>
        <Upload
          accept=".png,.jpg,.jpeg"
          showUploadList={false}
          beforeUpload={(file) => {
            if (!IMAGE_TYPES.includes(file.type)) {
              notify('error', '头像须为 JPG 或 PNG 图片');
              return Upload.LIST_IGNORE;
            }
            if (file.size > AVATAR_MAX_BYTES) {
              notify('error', '头像图片不能超过 2 MB，请压缩后重新上传');
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={async ({ file }) => {
            setBusy(true);
            try {
              const form = new FormData();
              form.append('file', file as Blob);
              const result = await http.upload<UploadResult>('uaa/api/upload/file', form);
              onChange?.(result.path);
            } catch {
              // The HTTP client has already shown why.
            } finally {
              setBusy(false);
            }
          }}
        >
          <button type="button" className="btn btn--small">
            {busy ? <LoadingOutlined /> : null} {value ? '更换头像' : '上传头像'}
          </button>
        </Upload>
        {value && (
          <button type="button" className="btn btn--text btn--small" onClick={() => onChange?.(null)}>
            移除
          </button>
        )}
        <div className="account-muted">JPG 或 PNG，不超过 2 MB</div>
      </div>
    </div>
  );
}
