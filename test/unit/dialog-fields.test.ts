/**
 * The download dialog asks for exactly the visitor fields of the lead field table
 * (src/shared/lead-fields.ts), in its order, and marks required exactly the rows that are: a row
 * added there shows in the dialog and counts for its submit button with no edit to the dialog.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import DownloadDialog from '../../src/components/DownloadDialog/DownloadDialog.js';
import { isComplete, EMPTY_FIELDS } from '../../src/lib/lead-form.js';
import { LEAD_FIELDS, VISITOR_FIELDS } from '../../src/shared/lead-fields.js';

const html = renderToStaticMarkup(createElement(DownloadDialog, { host: {} as Element, open: false, onClose: () => {} }));
const inputs = [...html.matchAll(/<input [^>]*>/g)].map(([tag]) => ({
  name: /name="([^"]*)"/.exec(tag)![1],
  required: / required=""/.test(tag),
}));
const visitorRows = LEAD_FIELDS.filter((field) => 'input' in field);

describe("the download dialog's fields come from the lead field table", () => {
  it('has one input a visitor field, in table order', () => {
    expect(inputs.map((input) => input.name)).toEqual(visitorRows.map((field) => field.key));
    expect(VISITOR_FIELDS).toEqual(visitorRows.map((field) => field.key));
  });

  it("its required set is the table's", () => {
    const required = (list: readonly { required: boolean; key?: string; name?: string }[]) => list.filter((field) => field.required);
    expect(required(inputs).map((input) => input.name)).toEqual(required(visitorRows).map((field) => field.key));
  });

  it('enables the button exactly when every required row has a value', () => {
    expect(isComplete(EMPTY_FIELDS)).toBe(visitorRows.every((field) => !field.required));
    for (const field of visitorRows.filter((row) => row.required)) {
      const filled = Object.fromEntries(VISITOR_FIELDS.map((key) => [key, 'x']));
      expect(isComplete({ ...EMPTY_FIELDS, ...filled })).toBe(true);
      expect(isComplete({ ...EMPTY_FIELDS, ...filled, [field.key]: ' ' })).toBe(false);
    }
  });
});
