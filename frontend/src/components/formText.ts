/** A text field's value from submitted form data ('' when absent). */
export function formText(fields: FormData, name: string): string {
  const value = fields.get(name);
  return typeof value === 'string' ? value : '';
}
