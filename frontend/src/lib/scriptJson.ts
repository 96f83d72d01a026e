/**
 * `value` as JSON that is safe inside an HTML `<script>` data block: no `<` (so no text can
 * close the element or open a comment), nor the two line separators older parsers choke on.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
