/**
 * Reads the parts of a Dockerfile that decide how the container runs (stages, WORKDIR, ENV, COPY,
 * USER, HEALTHCHECK, CMD), so a test can run the image's exact command outside Docker.
 */

export interface DockerCopy {
  /** Stage the files come from (`--from=`), or undefined for the build context. */
  from: string | undefined;
  sources: string[];
  destination: string;
}

export interface DockerStage {
  name: string | undefined;
  workdir: string;
  env: Record<string, string>;
  copies: DockerCopy[];
  runs: string[];
  user: string | undefined;
  /** Exec-form (JSON array) commands only: no shell between Docker and the process. */
  cmd: string[] | undefined;
  healthcheck: { options: Record<string, string>; cmd: string[] } | undefined;
  exposed: string[];
}

export function parseDockerfile(text: string): DockerStage[] {
  const stages: DockerStage[] = [];
  for (const instruction of instructions(text)) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/s.exec(instruction) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === 'ARG' && stages.length === 0) continue;
    if (upper === 'FROM') {
      const name = /\bAS\s+(\S+)\s*$/i.exec(rest)?.[1];
      stages.push({
        name,
        workdir: '/',
        env: {},
        copies: [],
        runs: [],
        user: undefined,
        cmd: undefined,
        healthcheck: undefined,
        exposed: [],
      });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Dockerfile: ${upper} before FROM`);
    switch (upper) {
      case 'WORKDIR':
        stage.workdir = rest.startsWith('/') ? rest : `${stage.workdir.replace(/\/$/, '')}/${rest}`;
        break;
      case 'ENV':
        for (const [, name = '', value = ''] of rest.matchAll(/(\w+)=("[^"]*"|\S*)/g)) {
          stage.env[name] = value.replace(/^"(.*)"$/, '$1');
        }
        break;
      case 'COPY': {
        const words = rest.split(/\s+/);
        const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
        const paths = words.filter((w) => !w.startsWith('--'));
        stage.copies.push({ from, sources: paths.slice(0, -1), destination: paths.at(-1) ?? '' });
        break;
      }
      case 'RUN':
        stage.runs.push(rest);
        break;
      case 'USER':
        stage.user = rest;
        break;
      case 'EXPOSE':
        stage.exposed.push(...rest.split(/\s+/));
        break;
      case 'CMD':
        stage.cmd = execForm(rest, 'CMD');
        break;
      case 'HEALTHCHECK': {
        const [, flags = '', command = ''] = /^((?:--\S+\s+)*)CMD\s+(.*)$/s.exec(rest) ?? [];
        const options = Object.fromEntries(
          [...flags.matchAll(/--([\w-]+)=(\S+)/g)].map(([, key = '', value = '']) => [key, value]),
        );
        stage.healthcheck = { options, cmd: execForm(command, 'HEALTHCHECK') };
        break;
      }
      default:
        throw new Error(`Dockerfile: ${upper} is not understood by this reader`);
    }
  }
  return stages;
}

/** Instructions with comments dropped and `\` continuations joined. */
function instructions(text: string): string[] {
  const result: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    const continued = /\\\s*$/.test(line);
    current += `${line.replace(/\\\s*$/, '').trim()} `;
    if (continued) continue;
    if (current.trim()) result.push(current.trim());
    current = '';
  }
  if (current.trim()) result.push(current.trim());
  return result;
}

function execForm(text: string, instruction: string): string[] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) {
    throw new Error(`Dockerfile: ${instruction} must be in exec form (a JSON array of strings)`);
  }
  return parsed;
}
