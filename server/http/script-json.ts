/** JSON that cannot end the <script> element it sits in, nor break a JavaScript parser reading it. */
export function escapeForScript(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
