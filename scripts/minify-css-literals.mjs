/**
 * Rollup plugin: collapses the whitespace and comments of the CSS the style modules
 * (`src/**\/*.styles.ts`) hold in template literals, so the bundle carries no indentation or
 * comments in its stylesheet. Only whitespace that CSS ignores goes: around `{ } ; , >`, after
 * `:`, and runs of spaces. (Never a space before `:`, which would join a descendant selector to a
 * pseudo-class.) The modules' `${…}` expressions are left as they are. Source maps of these files
 * are kept line-for-line only: they hold CSS strings, not code to step through.
 */
export function minifyCss(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim();
}

export function minifyCssLiterals() {
  return {
    name: 'minify-css-literals',
    transform(code, id) {
      if (!/\.styles\.ts$/.test(id)) return null;
      return { code: code.replace(/`[^`]*`/g, (literal) => `\`${minifyCss(literal.slice(1, -1))}\``), map: null };
    },
  };
}
