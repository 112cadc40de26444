import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '#server/deps.ts';

/**
 * A domain's Fastify plugins: its JSON routes (typed with the zod provider, hence the loose
 * generics) and any hook or scheduled job it owns.
 */
export type DomainPlugin = FastifyPluginAsync<any, any, any, any>;

interface Entry {
  key: string;
  service: (deps: Deps, services: any) => unknown;
  hooks: readonly DomainPlugin[];
  routes: readonly DomainPlugin[];
}

/**
 * The list of domains, each added with one `.add(...)`: its key in `app.services`, how its
 * service is built from the deps and the services added before it (so the order of `add` is the
 * order of construction, and a domain sees only what exists already, with its type), and its
 * plugins. Hooks of every domain register before any route, so a route always sees them.
 */
export class DomainRegistry<S extends object = {}> {
  private constructor(private readonly entries: readonly Entry[]) {}

  static create(): DomainRegistry {
    return new DomainRegistry([]);
  }

  add<K extends string, T>(
    key: K,
    service: (deps: Deps, services: S) => T,
    plugins: { routes?: readonly DomainPlugin[]; hooks?: readonly DomainPlugin[] } = {},
  ): DomainRegistry<S & { [P in K]: T }> {
    if (this.entries.some((e) => e.key === key)) throw new Error(`domain ${key} is registered twice`);
    return new DomainRegistry([...this.entries, { key, service, hooks: plugins.hooks ?? [], routes: plugins.routes ?? [] }]);
  }

  /** Every service, built once per process, in the order they were added. */
  createServices(deps: Deps): S {
    const services: Record<string, unknown> = {};
    for (const entry of this.entries) services[entry.key] = entry.service(deps, services);
    return services as S;
  }

  /** Every domain's hooks, then every domain's routes, in the order of `add`. */
  plugins(): DomainPlugin[] {
    return [...this.entries.flatMap((e) => e.hooks), ...this.entries.flatMap((e) => e.routes)];
  }
}
