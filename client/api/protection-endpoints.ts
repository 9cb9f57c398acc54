import type { HeldMessagesResponse, ProtectionBody, ProtectionSettingsDto } from '../../shared/api/protection';
import type { MessageResponse } from '../../shared/api/rooms';
import { apiFetch } from './http';

const segment = encodeURIComponent;

/** A room's protection from spam and its held messages (docs/PRODUCT.md §20). */
export const protectionApi = {
  settings: (roomId: string) => apiFetch<ProtectionSettingsDto>(`/api/rooms/${segment(roomId)}/protection`),
  setSettings: (roomId: string, body: ProtectionBody) =>
    apiFetch<ProtectionSettingsDto>(`/api/rooms/${segment(roomId)}/protection`, { method: 'PUT', body }),
  held: (roomId: string) => apiFetch<HeldMessagesResponse>(`/api/rooms/${segment(roomId)}/held-messages`),
  approve: (heldId: string) =>
    apiFetch<MessageResponse>(`/api/held-messages/${segment(heldId)}/approve`, { method: 'POST', body: {} }),
  reject: (heldId: string) =>
    apiFetch<void>(`/api/held-messages/${segment(heldId)}/reject`, { method: 'POST', body: {} }),
};
