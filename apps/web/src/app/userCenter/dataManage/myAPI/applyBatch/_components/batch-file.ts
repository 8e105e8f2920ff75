// The batch page's rules for files, the same the server applies to an upload, checked before a
// sheet leaves the browser; and the names the downloaded files are saved under.
import { BATCH_FILE, ONLINE_MSG } from '@apimarket/contracts';

export const BATCH_ACCEPT = BATCH_FILE.extensions.map((e) => `.${e}`).join(',');

/** Why a sheet may not be uploaded, or '' when it may. */
export function batchFileProblem(file: { name: string; size: number }): string {
  const dot = file.name.lastIndexOf('.');
  const extension = dot === -1 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!(BATCH_FILE.extensions as readonly string[]).includes(extension)) return ONLINE_MSG.fileType;
  if (file.size > BATCH_FILE.maxBytes) return ONLINE_MSG.fileSize;
  return '';
}

export const templateFileName = (interfaceName: string) => `批量查询模板-${interfaceName}.xlsx`;

/** 批量查询结果-<the uploaded name without its extension>.xlsx */
export function resultFileName(uploaded: string): string {
  const dot = uploaded.lastIndexOf('.');
  return `批量查询结果-${dot > 0 ? uploaded.slice(0, dot) : uploaded}.xlsx`;
}
