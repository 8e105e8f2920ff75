// E-mail over SMTP when SMTP_URL is set (smtp[s]://user:pass@host:port).
import nodemailer from 'nodemailer';
import type { Carrier } from './index';

export function smtpCarrier(url: string, from: string): Carrier {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async deliver(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject ?? '', text: message.body, attachments: message.attachments });
    },
  };
}
