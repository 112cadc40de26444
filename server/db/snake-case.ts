import {
  CamelCasePlugin,
  PostgresDialect,
  PostgresQueryCompiler,
  SqliteDialect,
  SqliteQueryCompiler,
  type DefaultQueryCompiler,
  type PluginTransformQueryArgs,
  type PostgresDialectConfig,
  type QueryCompiler,
  type RootOperationNode,
  type SqliteDialectConfig,
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

export function snakeSqliteDialect(config: SqliteDialectConfig, names: CamelCaseNames): SqliteDialect {
  const Compiler = renaming(SqliteQueryCompiler, names);
  return new (class extends SqliteDialect {
    override createQueryCompiler(): QueryCompiler {
      return new Compiler();
    }
  })(config);
}

export function snakePostgresDialect(config: PostgresDialectConfig, names: CamelCaseNames): PostgresDialect {
  const Compiler = renaming(PostgresQueryCompiler, names);
  return new (class extends PostgresDialect {
    override createQueryCompiler(): QueryCompiler {
      return new Compiler();
    }
  })(config);
}
