'use client';
// An image parameter of the test form. The interface takes the picture as base64 text, so the
// file is read here (FileReader) and never uploaded on its own; one the portal API could not
// carry is refused before anything is sent.
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload } from 'antd';
import { useState } from 'react';
import styles from './api-test.module.css';
import { base64Body, IMAGE_ACCEPT, imageProblem } from './test-params';

interface Picked {
  fileName: string;
  size: number;
  mime: string;
}

/** A form control: `value` is the base64 body (no `data:` head), '' when none is chosen. */
export function ImageParam({ id, value, onChange, label }: { id?: string; value?: string; onChange?: (value: string) => void; label: string }) {
  const { message } = App.useApp();
  const [picked, setPicked] = useState<Picked | null>(null);

  const pick = (file: File) => {
    const problem = imageProblem(file);
    if (problem) {
      message.error(problem);
      return Upload.LIST_IGNORE;
    }
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result !== 'string') return;
      setPicked({ fileName: file.name, size: file.size, mime: file.type || 'image/jpeg' });
      onChange?.(base64Body(reader.result));
    };
    reader.onerror = () => message.error('图片读取失败，请重新选择');
    reader.readAsDataURL(file);
    return false; // read here; nothing goes anywhere until the test is sent
  };

  // After 清空 the form holds '' again while the last file is still remembered here.
  const shown = value && picked ? picked : null;
  return (
    <div className={styles.image}>
      <Upload accept={IMAGE_ACCEPT} beforeUpload={pick} showUploadList={false} maxCount={1}>
        <Button id={id} icon={<UploadOutlined />}>
          {shown ? '重新选择' : '选择图片'}
        </Button>
      </Upload>
      {shown ? (
        <div className={styles.picked}>
          {/* biome-ignore lint/performance/noImgElement: a local preview of the picture about to be sent, not a site image */}
          <img src={`data:${shown.mime};base64,${value}`} alt={`${label} 预览`} className={styles.preview} />
          <span className={styles.fileName}>
            {shown.fileName} · {Math.ceil(shown.size / 1024).toLocaleString('zh-CN')} KB
          </span>
          <Button type="text" size="small" icon={<DeleteOutlined />} onClick={() => onChange?.('')} aria-label={`移除 ${label}`} />
        </div>
      ) : null}
    </div>
  );
}
