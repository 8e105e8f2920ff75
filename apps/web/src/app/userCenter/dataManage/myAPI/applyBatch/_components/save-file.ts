// The batch page's downloads (the template, a job's results): the same call that lists answers
// the sheet as a file when asked; what it answers is saved, or the person is told why not.
import type { App } from 'antd';
import { serverMessage } from '@/lib/api/errors';
import { saveBlob } from '@/lib/download';

type Message = ReturnType<typeof App.useApp>['message'];

/** Saves the file `answer` resolves to under `fileName`; `notAFile` when it answers something else. */
export async function saveFileAnswer(message: Message, answer: () => Promise<unknown>, fileName: string, notAFile: string): Promise<void> {
  try {
    const file = await answer();
    if (file instanceof Blob) saveBlob(file, fileName);
    else message.error(notAFile);
  } catch (err) {
    const msg = serverMessage(err);
    if (msg) message.error(msg);
  }
}
