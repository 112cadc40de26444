import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { Database } from './schema.ts';

export type TableName = keyof Database & string;

/** The table an insert, update, delete or merge writes to, as the query builder names it. */
function targetOf(node: RootOperationNode): OperationNode | undefined {
  switch (node.kind) {
    case 'InsertQueryNode':
    case 'MergeQueryNode':
      return node.into;
    case 'UpdateQueryNode':
      return node.table;
    case 'DeleteQueryNode':
      return node.from.froms[0];
    default:
      return undefined;
  }
}

function tableName(node: OperationNode | undefined): string | undefined {
  if (node?.kind === 'AliasNode') return tableName((node as { node: OperationNode } & OperationNode).node);
  if (node?.kind === 'TableNode') return (node as { table: { identifier: { name: string } } } & OperationNode).table.identifier.name;
  return undefined;
}

/**
 * Counts, per table, the writes this process has made through Kysely, so that something derived
 * from a table (a queue's total, paging.ts `pastCapMemo`) can be kept until the table changes.
 * A write counts once it has run, whatever a transaction around it does later: a rolled-back
 * write only costs a recount. It does not see other processes' writes, nor a row written by raw
 * SQL, so what it guards is also kept for a few seconds at most.
 * Sits before CamelCasePlugin, so tables carry the names of `schema.ts` (`declareEnt`).
 */
export class WriteCounter implements KyselyPlugin {
  private readonly writes = new Map<string, number>();
  private readonly pending = new WeakMap<QueryId, string>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const table = tableName(targetOf(node));
    if (table) this.pending.set(queryId, table);
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const table = this.pending.get(queryId);
    if (table) this.writes.set(table, (this.writes.get(table) ?? 0) + 1);
    return result;
  }

  /** Changes whenever one of `tables` has been written to. */
  version(tables: readonly TableName[]): string {
    return tables.map((t) => this.writes.get(t) ?? 0).join('.');
  }
}
