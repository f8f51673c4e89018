import { Button } from 'react-aria-components';
import type { CassaOutboxView } from '../../machines/cassaOutbox.machine';

/** 'Da inviare': what waits for the server, a write it refused, and a stale edit's two versions side by side. */
export function OutboxPanel({ view }: { view: CassaOutboxView }) {
  const { conflict, notice } = view;
  if (view.count === 0 && !conflict && !notice) return null;
  return (
    <section className="cassa-outbox" aria-labelledby="cassa-outbox-title">
      <h2 id="cassa-outbox-title">Da inviare</h2>
      {view.status && <p role="status">{view.status}</p>}
      {view.items.length > 0 && (
        <ul aria-label="Ordini da inviare">
          {view.items.map((item) => (
            <li key={item.key} aria-busy={item.isSending}>
              {item.label}
            </li>
          ))}
        </ul>
      )}
      {notice && (
        <div role="alert" className="cassa-failure">
          <p>{notice.text}</p>
          <Button className="button" onPress={notice.dismissButton.onPress}>
            {notice.dismissButton.label}
          </Button>
        </div>
      )}
      {conflict && (
        <div role="alert" className="cassa-outbox__conflict">
          <p>{conflict.message}</p>
          <div className="cassa-outbox__versions">
            {[conflict.mine, conflict.theirs].map((version) => (
              <section key={version.heading} aria-label={version.heading}>
                <h3>{version.heading}</h3>
                <p>
                  <strong>{version.title}</strong>
                </p>
                <ul>
                  {version.rows.map((row) => (
                    <li key={row}>{row}</li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
          <Button className="button" onPress={conflict.dismissButton.onPress}>
            {conflict.dismissButton.label}
          </Button>
        </div>
      )}
    </section>
  );
}
