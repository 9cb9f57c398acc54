import type { Route } from './context';

interface Compiled {
  route: Route;
  segments: string[];
}

/**
 * Matches "/repos/:owner/:repo" style patterns segment by segment (a parameter never spans a
 * slash); a last segment "*name" takes the rest of the path, slashes included (one or more segments).
 */
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
      const rest = segments[segments.length - 1]?.startsWith('*') ? segments.length - 1 : -1;
      if (rest < 0 ? segments.length !== parts.length : parts.length <= rest) continue;
      const params: Record<string, string> = {};
      let ok = true;
      if (rest >= 0) params[(segments[rest] as string).slice(1)] = parts.slice(rest).map(decodeURIComponent).join('/');
      for (let i = 0; i < (rest >= 0 ? rest : segments.length); i++) {
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
