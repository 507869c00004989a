/** Text safe inside a double-quoted HTML attribute value (and in text content): `& " ' < >` escaped. */
export function escapeAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}
