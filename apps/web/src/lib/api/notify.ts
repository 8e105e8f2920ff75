// The client's user-facing reactions (spec 01 §8): the session-expired alert and the network
// toast. antd is imported only when one is needed, so public pages do not ship it up front.
import { NETWORK_ERROR_MSG, SESSION_EXPIRED_MSG } from './errors';

let expiredOpen = false;

export async function alertSessionExpired(): Promise<void> {
  if (expiredOpen) return; // several calls failing together still show one alert
  expiredOpen = true;
  const { Modal } = await import('antd');
  Modal.warning({
    title: '提示',
    content: SESSION_EXPIRED_MSG,
    okText: '确定',
    onOk: () => {
      const back = `${window.location.pathname}${window.location.search}`;
      window.location.href = `/login?redirect=${encodeURIComponent(back)}`;
    },
  });
}

export async function toastNetworkError(): Promise<void> {
  const { message } = await import('antd');
  message.error(NETWORK_ERROR_MSG);
}

export async function toastError(text: string): Promise<void> {
  const { message } = await import('antd');
  message.error(text);
}

export async function toastSuccess(text: string, seconds?: number): Promise<void> {
  const { message } = await import('antd');
  message.success(text, seconds);
}
