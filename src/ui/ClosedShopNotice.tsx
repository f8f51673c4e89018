import { useShop } from '../actors/AppActors';

/** The shop's own words when it is closed: on the menu, and on the cart, where it explains the missing order button. */
export function ClosedShopNotice() {
  const { closedMessage } = useShop();
  return closedMessage ? (
    <p className="notice notice--warning" role="status">
      {closedMessage}
    </p>
  ) : null;
}
