import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { MessageResponse } from '../../shared/api/rooms';
import type { UploadAttachmentResponse } from '../../shared/attachments/attachments-api';
import type { TestMember } from './room-test-kit';
import type { TestApp } from './test-app';

let sends = 0;

/** Uploads bytes as the browser does: the file as the body, its name in the query. */
export function upload(
  app: TestApp,
  member: Pick<TestMember, 'cookie'> | undefined,
  roomId: string,
  name: string,
  bytes: Buffer,
): Promise<LightMyRequestResponse> {
  return app.app.inject({
    method: 'POST',
    url: `/api/rooms/${roomId}/attachments?name=${encodeURIComponent(name)}`,
    headers: {
      host: 'localhost:3000',
      origin: 'http://localhost:3000',
      'content-type': 'application/octet-stream',
      ...(member ? { cookie: member.cookie } : {}),
    },
    payload: bytes,
  });
}

/** Uploads and answers the attachment; fails the test when the upload is refused. */
export async function uploaded(app: TestApp, member: TestMember, roomId: string, name: string, bytes: Buffer) {
  const response = await upload(app, member, roomId, name, bytes);
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json<UploadAttachmentResponse>().attachment;
}

/** Sends a message carrying attachments (in a thread with `threadRootId`). */
export async function sendWithFiles(
  member: TestMember,
  roomId: string,
  content: string,
  attachmentIds: string[],
  threadRootId?: string,
): Promise<LightMyRequestResponse> {
  sends += 1;
  return member.api.post(
    `/api/rooms/${roomId}/messages`,
    {
      client_id: `files-${Date.now()}-${sends}`,
      content,
      attachment_ids: attachmentIds,
      ...(threadRootId ? { thread_root_id: threadRootId } : {}),
    },
    { cookie: member.cookie },
  );
}

export function sentMessage(response: LightMyRequestResponse): MessageResponse['message'] {
  if (response.statusCode !== 201) throw new Error(`send failed: ${response.statusCode} ${response.body}`);
  return response.json<MessageResponse>().message;
}

/** Fetches a served file as a member (or signed out). */
export function fetchFile(app: TestApp, url: string, member?: Pick<TestMember, 'cookie'>) {
  return app.app.inject({
    method: 'GET',
    url,
    headers: { host: 'localhost:3000', ...(member ? { cookie: member.cookie } : {}) },
  });
}

/** A PNG of one colour. */
export function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}

/** A small but real PDF document. */
export function pdfBytes(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}
