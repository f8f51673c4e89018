import { describe, expect, it } from 'vitest';
import { parseEml } from './harness';

/** The reader every server test reads its mails with: a wrong reading fails tests at random (a token's characters). */
describe("the tests' outbox reader", () => {
  it("keeps a link whose quoted-printable wrap puts '--' at the start of a line (a token's characters, not a MIME boundary)", () => {
    const raw = [
      'To: giulia@example.it',
      'Subject: =?utf-8?Q?Conferma_il_tuo_indirizzo?=',
      'Content-Type: multipart/alternative;',
      ' boundary="--_NmP-0123-Part_1"',
      '',
      '----_NmP-0123-Part_1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Apri: http://pizzeria.test/api/email/verify/7/ab?email=3Dgiulia%40example.it&token=3DobLLBgBPzzI6RzDleLX5ALFD6DU=',
      '--x_plXQ',
      'Grazie, =C3=A8 tutto.',
      '----_NmP-0123-Part_1',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      '<p>Grazie</p>',
      '----_NmP-0123-Part_1--',
      '',
    ].join('\r\n');
    const mail = parseEml(raw);
    expect(mail.subject).toBe('Conferma il tuo indirizzo');
    expect(mail.text).toContain('token=obLLBgBPzzI6RzDleLX5ALFD6DU--x_plXQ\r\nGrazie, è tutto.');
    expect(mail.text).not.toContain('<p>');
  });
});
