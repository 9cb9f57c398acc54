import type { MailAddressBody, MailSettingsBody, MailSettingsDto } from '../../shared/api/mail';
import { apiFetch } from './http';

/** The signed-in person's e-mail notifications (docs/PRODUCT.md §21). */
export const mailApi = {
  settings: () => apiFetch<MailSettingsDto>('/api/me/mail'),
  update: (body: MailSettingsBody) => apiFetch<MailSettingsDto>('/api/me/mail', { method: 'PUT', body }),
  setAddress: (body: MailAddressBody) => apiFetch<MailSettingsDto>('/api/me/mail/address', { method: 'PUT', body }),
};
