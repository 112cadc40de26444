import {
  CamelCasePlugin,
  type DefaultQueryCompiler,
  type Dialect,
  type PluginTransformQueryArgs,
  type QueryCompiler,
  type RootOperationNode,
} from 'kysely';

/**
 * Kysely's CamelCasePlugin, with its renaming of identifiers moved from a copy of each query's
 * tree to the moment the SQL is written (docs/decisions.md, "snake_case while the SQL is
 * written"). The plugin copies and freezes every node of every query to rename its identifiers:
 * 6.6 % of the server's CPU in the console's list calls. The compilers below write each
 * identifier through the same plugin's `snakeCase`, remembered per name, so the SQL is the same
 * text; result rows are still renamed by the plugin (`transformResult`), nested objects included.
 */
export class CamelCaseNames extends CamelCasePlugin {
  private readonly names = new Map<string, string>();

  /** The tree is left as it is: the compiler renames while it writes. */
  override transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  /** `userId` → `user_id`, exactly as CamelCasePlugin renames it. */
  readonly snake = (name: string): string => {
    let out = this.names.get(name);
    if (out === undefined) {
      out = this.snakeCase(name);
      // Identifiers come from the code, not from requests: a few hundred names.
      if (this.names.size < 10_000) this.names.set(name, out);
    }
    return out;
  };
}

/** A dialect's compiler that writes each identifier as `names` renames it. */
function renaming(Base: new () => DefaultQueryCompiler, names: CamelCaseNames): new () => QueryCompiler {
  return class extends Base {
    protected override sanitizeIdentifier(identifier: string): string {
      return super.sanitizeIdentifier(names.snake(identifier));
    }
  };
}

/**
 * `dialect` with its compiler writing identifiers as `names` renames them; driver, adapter and
 * introspector stay the dialect's own. `Compiler` is that dialect's stock compiler class.
 */
export function snakeCaseDialect(dialect: Dialect, Compiler: new () => DefaultQueryCompiler, names: CamelCaseNames): Dialect {
  const Renaming = renaming(Compiler, names);
  return {
    createDriver: () => dialect.createDriver(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => new Renaming(),
  };
}
