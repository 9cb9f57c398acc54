import type { Route } from './context';

interface Compiled {
  route: Route;
  segments: string[];
}

/** Matches "/repos/:owner/:repo" style patterns segment by segment (a parameter never spans a slash). */
export class Router {
  private readonly compiled: Compiled[] = [];

  add(routes: Route[]): this {
    for (const route of routes) this.compiled.push({ route, segments: route.pattern.split('/').slice(1) });
    return this;
  }

  match(
    method: string,
    path: string,
  ): { route: Route; params: Record<string, string> } | { methodNotAllowed: true } | null {
    const parts = path.split('/').slice(1);
    if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
    let pathMatched = false;
    for (const { route, segments } of this.compiled) {
      if (segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < segments.length; i++) {
        const seg = segments[i] as string;
        const part = parts[i] as string;
        if (seg.startsWith(':')) {
          if (!part) {
            ok = false;
            break;
          }
          params[seg.slice(1)] = decodeURIComponent(part);
        } else if (seg !== part) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      pathMatched = true;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET')) return { route, params };
    }
    return pathMatched ? { methodNotAllowed: true } : null;
  }
}
