/** The header of a table's row-actions column: named for screen readers, blank on screen. */
export function ActionsColumnHeader() {
  return (
    <th scope="col">
      <span className="visually-hidden">Azioni</span>
    </th>
  );
}
