import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CreateIssueResponse } from '../../../shared/api/issues';
import { sealToken } from '../../github/token-seal';
import { describeEachDatabase } from '../../testing/databases';
import { startCountingEmulator, type CountingEmulator } from '../../testing/github/counting-emulator';
import { anotherRepo, createMember, messageOf, type TestMember } from '../../testing/room-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';

describeEachDatabase('Create issue', (engine) => {
  let emulator: CountingEmulator;
  let app: TestApp;

  beforeAll(async () => {
    emulator = await startCountingEmulator(60);
    app = await createTestApp({
      engine,
      env: { GITHUB_API_URL: `${emulator.url}/api/v3`, GITHUB_WEB_URL: emulator.url },
    });
  });
  afterAll(async () => {
    await app?.destroy();
    await emulator?.close();
  });

  async function control(method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(`${emulator.url}/__control/${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  }

  /** The member's stored GitHub token: one of the emulator's for ada-demo, with these scopes. */
  async function holdToken(member: TestMember, scopes: string[]): Promise<void> {
    const { access_token: token } = await control('POST', 'tokens', { login: 'ada-demo', scopes });
    await app.ctx.database.db
      .updateTable('profiles')
      .set({ github_token_sealed: sealToken(app.ctx.secret, String(token)) })
      .where('id', '=', member.id)
      .execute();
  }

  const createIssue = (member: TestMember, roomId: string, body: Record<string, unknown>) =>
    member.api.post(`/api/rooms/${roomId}/issues`, body, { cookie: member.cookie });

  it('asks for the scope first, then opens the issue with the member token and says so in the thread', async () => {
    const member = await createMember(app);
    const repo = anotherRepo();
    const roomId = (await member.join(repo)).room.id;
    const root = messageOf(await member.send(roomId, 'Export crashes on huge canvases'));
    const draft = { title: 'Export crashes', body: '> Export crashes on huge canvases', thread_root_id: root.id };

    await holdToken(member, ['read:user', 'user:email']);
    const refused = await createIssue(member, roomId, draft);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ error: { reason: 'scope_needed' } });

    await holdToken(member, ['read:user', 'user:email', 'public_repo']);
    const created = await createIssue(member, roomId, draft);
    expect(created.statusCode, created.body).toBe(201);
    const issue = created.json<CreateIssueResponse>();
    expect(issue.state).toBe('open');
    const onGitHub = (await (await fetch(`${emulator.url}/api/v3/repos/${repo}/issues/${issue.number}`)).json()) as {
      title: string;
      body: string;
      user: { login: string };
    };
    expect(onGitHub).toMatchObject({ title: 'Export crashes', body: draft.body, user: { login: 'ada-demo' } });
    const posted = await app.ctx.database.db
      .selectFrom('messages')
      .select(['content', 'thread_root_id', 'user_id'])
      .where('id', '=', issue.message_id ?? '')
      .executeTakeFirstOrThrow();
    expect(posted.thread_root_id).toBe(root.id);
    expect(posted.user_id).toBe(member.id);
    expect(posted.content).toMatch(new RegExp(`opened issue #${issue.number}$`));
  });

  it('says why when issues are disabled, and refuses people who are not members', async () => {
    const member = await createMember(app);
    const outsider = await createMember(app);
    const repo = anotherRepo();
    const roomId = (await member.join(repo)).room.id;
    await holdToken(member, ['public_repo']);
    await control('PUT', 'repo-features', { repo, has_issues: false });
    const disabled = await createIssue(member, roomId, { title: 'A bug', body: '' });
    expect(disabled.statusCode, disabled.body).toBe(409);
    expect(disabled.json()).toMatchObject({ error: { message: `Issues are disabled for ${repo} on GitHub` } });
    expect((await createIssue(outsider, roomId, { title: 'A bug', body: '' })).statusCode).toBe(403);
  });
});
