'use client';
// An image parameter of the public test console: the interface takes the picture as base64 text,
// so the file is read here (FileReader) and goes nowhere until the call is sent. The same checks
// as the user center's test page (type, 700KB), with a plain file input instead of antd's Upload.
import { useRef, useState } from 'react';
import { base64Body, IMAGE_ACCEPT, imageProblem } from '@/app/userCenter/dataManage/myAPI/apiTest/_components/test-params';
import styles from './trial-console.module.css';

export function TrialImageParam({
  id,
  label,
  value,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  /** The base64 body (no `data:` head); '' when none is chosen. */
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<{ fileName: string; size: number; mime: string } | null>(null);
  const [problem, setProblem] = useState('');

  const pick = (file: File | undefined) => {
    if (!file) return;
    const wrong = imageProblem(file);
    setProblem(wrong);
    if (wrong) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result !== 'string') return;
      setPicked({ fileName: file.name, size: file.size, mime: file.type || 'image/jpeg' });
      onChange(base64Body(reader.result));
    };
    reader.onerror = () => setProblem('图片读取失败，请重新选择');
    reader.readAsDataURL(file);
  };

  const shown = value && picked ? picked : null;
  return (
    <div className={styles.image}>
      <input
        ref={input}
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        className={styles.fileInput}
        disabled={disabled}
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = ''; // the same file may be chosen again after 移除
        }}
      />
      <button type="button" className={styles.secondary} onClick={() => input.current?.click()} disabled={disabled}>
        {shown ? '重新选择' : '选择图片'}
      </button>
      {shown ? (
        <span className={styles.picked}>
          {/* biome-ignore lint/performance/noImgElement: a local preview of the picture about to be sent, not a site image */}
          <img src={`data:${shown.mime};base64,${value}`} alt={`${label} 预览`} className={styles.preview} />
          <span className={styles.fileName}>
            {shown.fileName} · {Math.ceil(shown.size / 1024).toLocaleString('zh-CN')} KB
          </span>
          <button type="button" className={styles.textButton} onClick={() => onChange('')} disabled={disabled} aria-label={`移除 ${label}`}>
            移除
          </button>
        </span>
      ) : null}
      {problem ? (
        <span className={styles.fieldError} role="alert">
          {problem}
        </span>
      ) : null}
    </div>
  );
}
