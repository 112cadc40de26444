import { sql, type RawBuilder } from 'kysely';

/**
 * A value from a small closed set (an audit result, say), written into the statement's text
 * instead of being bound as a parameter, so that each value is its own statement with its own
 * plan. Reads are prepared on PostgreSQL (prepared-statements.ts), and after five runs PostgreSQL
 * may keep one generic plan for every value of a parameter: for `result = $1` it expects a third
 * of the table whatever the value, and counted the 3,449 denied rows of 163,843 by reading the
 * whole table (35 ms a count instead of 1 ms off the result's index). Only for values a schema has
 * already checked against its set; anything else is refused here.
 */
export function closedValue(value: string): RawBuilder<string> {
  if (!/^[a-z][a-z_]{0,30}$/.test(value)) throw new Error(`closedValue: 不是封闭集合中的取值：${value}`);
  return sql.lit(value);
}
