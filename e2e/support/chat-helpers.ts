import { expect, type Browser, type BrowserContext, type Page, type WebSocketRoute } from '@playwright/test';
import type { JoinRoomResponse } from '../../shared/api/rooms';
import type { ClientCommand, ServerFrame } from '../../shared/realtime/protocol';
import { signInAs } from './sign-in';

export interface ChatUser {
  context: BrowserContext;
  page: Page;
  login: string;
}

/** A fresh browser context signed in as a demo account, allowed to use the clipboard. */
export async function openUser(browser: Browser, login: string, baseURL: string): Promise<ChatUser> {
  const context = await browser.newContext({ baseURL });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  await signInAs(page, login);
  return { context, page, login };
}

/** Joins (or creates) the room of a repository through the API, as the page's user. */
export async function joinRoomByApi(page: Page, baseURL: string, repoFullName: string): Promise<string> {
  const response = await page.request.post('/api/rooms/join', {
    data: { repoFullName },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as JoinRoomResponse).room.id;
}

/**
 * Opening a room never joins it: a signed-in non-member reads it with "Join Chat" in place of the
 * composer. Joins with that button when it shows (a member already has the composer), and waits
 * for the composer.
 */
export async function joinIfReading(page: Page, options: { timeout?: number } = {}): Promise<void> {
  const composer = page.getByPlaceholder('Type your message...');
  const join = page.getByTestId('reader-bar').getByRole('button', { name: 'Join Chat' });
  await expect(composer.or(join)).toBeVisible(options);
  if (await join.isVisible()) await join.click();
  await expect(composer).toBeVisible(options);
}

/** Opens a room (joining it when the user is not a member yet) and waits until its socket is live. */
export async function openRoom(page: Page, roomId: string, options: { timeout?: number } = {}): Promise<void> {
  await page.goto(`/chat/${roomId}`);
  await joinIfReading(page, options);
  await expect(page.getByText('Reconnecting…')).toHaveCount(0, options);
}

/** The clipboard text, read inside the page (the context has clipboard permission). */
export function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );
}

export async function sendMessage(page: Page, text: string): Promise<void> {
  const box = page.getByPlaceholder('Type your message...');
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

/** The room's message items whose text includes `text`. */
export function messageWith(page: Page, text: string) {
  return page.getByTestId('message').filter({ hasText: text });
}

/**
 * Puts a page's realtime socket behind a proxy the test controls: it records every command the
 * client sends, can drop chosen server frames (to make a gap), can cut the connection and can
 * refuse new ones (to keep the page offline for a while).
 */
export class SocketProxy {
  readonly commands: ClientCommand[] = [];
  private routes: Array<{ page: WebSocketRoute; server: WebSocketRoute }> = [];
  /** The highest room sequence number delivered to the page. */
  lastDeliveredSeq = 0;
  private refuse = false;
  private dropNext: ((frame: ServerFrame) => boolean) | null = null;
  droppedFrames: ServerFrame[] = [];

  static async attach(page: Page): Promise<SocketProxy> {
    const proxy = new SocketProxy();
    await page.routeWebSocket(/\/ws$/, (route) => proxy.handle(route));
    return proxy;
  }

  private handle(route: WebSocketRoute): void {
    if (this.refuse) {
      void route.close({ code: 4000, reason: 'offline' });
      return;
    }
    const server = route.connectToServer();
    this.routes.push({ page: route, server });
    route.onMessage((message) => {
      if (typeof message === 'string') this.commands.push(JSON.parse(message) as ClientCommand);
      server.send(message);
    });
    server.onMessage((message) => {
      if (typeof message === 'string' && this.dropNext) {
        const frame = JSON.parse(message) as ServerFrame;
        if (this.dropNext(frame)) {
          this.dropNext = null;
          this.droppedFrames.push(frame);
          return;
        }
      }
      if (typeof message === 'string') {
        const frame = JSON.parse(message) as ServerFrame;
        if (frame.type === 'room.event') this.lastDeliveredSeq = Math.max(this.lastDeliveredSeq, frame.seq);
      }
      route.send(message);
    });
  }

  /** Drops the first server frame matching `predicate` (once). */
  dropFirst(predicate: (frame: ServerFrame) => boolean): void {
    this.dropNext = predicate;
  }

  /** Cuts every open connection and refuses new ones until `goOnline`. */
  async goOffline(): Promise<void> {
    this.refuse = true;
    const routes = this.routes;
    this.routes = [];
    await Promise.all(
      routes.flatMap((pair) => [
        pair.page.close({ code: 4000, reason: 'offline' }),
        pair.server.close({ code: 1000, reason: 'offline' }),
      ]),
    );
  }

  goOnline(): void {
    this.refuse = false;
  }

  commandsOf<T extends ClientCommand['type']>(type: T): Array<Extract<ClientCommand, { type: T }>> {
    return this.commands.filter((command): command is Extract<ClientCommand, { type: T }> => command.type === type);
  }
}

/** Opens a message's actions menu (hovering it) and chooses `item`. */
export async function messageMenu(page: Page, text: string, item: string): Promise<void> {
  const message = messageWith(page, text);
  await message.hover();
  await message.getByRole('button', { name: 'Message actions' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Opens the room header's "More" menu (every action besides search, pinned and members). */
export async function openMore(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'More', exact: true }).click();
  // The menu is open (its code may load on this first use).
  await page.getByRole('menu').waitFor();
}

/** Opens the room header's "More" menu and chooses `item`. */
export async function moreMenu(page: Page, item: string): Promise<void> {
  await openMore(page);
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}
