import { prettyVariant } from '@/lib/values/variant';

/** A cell's value for reading: JSON indented by two spaces (numbers keep their digits) when it parses, else the text as is. */
export function prettyValue(value: string, json: boolean): string {
  return json ? prettyVariant(value) : value;
}
