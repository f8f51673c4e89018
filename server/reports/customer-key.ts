/** An orders row in SQL: a table's name or alias, or a trigger's old/new row. */
export type Row = string;

/**
 * The customer an order counts for, as SQL: its account ('u' and the user's id), else its cassa client
 * ('c' and the client's id), else none (null). The reports' day sums and the first days kept by
 * migration 0022 name customers alike.
 */
export const customerKey = (row: Row) =>
  `(case when ${row}.user_id is not null then 'u' || ${row}.user_id when ${row}.client_id is not null then 'c' || ${row}.client_id end)`;
