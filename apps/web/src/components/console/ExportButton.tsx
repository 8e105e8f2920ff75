'use client';
// 导出 Excel in the console: sends the screen's filters to an export call (a signed GET whose
// answer is the file) and saves it as `<name>-YYYYMMDD.xlsx`; a refusal (too many rows) is toasted.
import { DownloadOutlined } from '@ant-design/icons';
import type { Access, CallSpec } from '@apimarket/contracts';
import { Button } from 'antd';
import dayjs from 'dayjs';
import type { z } from 'zod';
import { useCallMutation } from '@/lib/api/query';
import { saveBlob } from '@/lib/download';

/** A call whose answer is a file. */
export type FileCall = CallSpec<z.ZodType, { file: readonly string[] }, Access>;

export function ExportButton({ call, input, name, disabled }: { call: FileCall; input: Record<string, string | undefined>; name: string; disabled?: boolean }) {
  const download = useCallMutation(call, { onSuccess: (file) => saveBlob(file, `${name}-${dayjs().format('YYYYMMDD')}.xlsx`) });
  return (
    <Button icon={<DownloadOutlined />} loading={download.isPending} disabled={disabled} onClick={() => download.mutate(input)}>
      导出 Excel
    </Button>
  );
}
