/** An orders row in SQL: a table's name or alias, or a trigger's old/new row. */
export type Row = string;

/**
 * Who an order counts for, in SQL: its account, else its cassa client. `key` names the customer ('u' or
 * 'c' and the id), `of` tells whether the row is theirs, `orders` picks all of their orders.
 */
export const CUSTOMER_KINDS = [
  {
    key: (row: Row) => `'u' || ${row}.user_id`,
    of: (row: Row) => `${row}.user_id is not null`,
    orders: (row: Row) => `user_id = ${row}.user_id`,
  },
  {
    key: (row: Row) => `'c' || ${row}.client_id`,
    of: (row: Row) => `${row}.user_id is null and ${row}.client_id is not null`,
    orders: (row: Row) => `user_id is null and client_id = ${row}.client_id`,
  },
] as const;

/** The customer an order counts for (null: none), as the reports' day sums and migration 0022's first days name them. */
export const customerKey = (row: Row) =>
  `(case ${CUSTOMER_KINDS.map((kind) => `when ${kind.of(row)} then ${kind.key(row)}`).join(' ')} end)`;
