/**
 * Rollup plugin: collapses the whitespace and comments of the CSS the style modules
 * (`src/**\/*.styles.ts`) hold in template literals, so the bundle carries no indentation or
 * comments in its stylesheet. Only whitespace that CSS ignores goes: around `{ } ; , >`, after
 * `:`, and runs of spaces. (Never a space before `:`, which would join a descendant selector to a
 * pseudo-class.) The modules' `${…}` expressions are left as they are, and so is the white space
 * beside them (`${field} label` keeps its space: each expression stands in for a word while the
 * literal is minified). Source maps of these files
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

/** minifyCss on a literal's text, each `${…}` held as a placeholder word meanwhile. */
function minifyLiteral(text) {
  const expressions = [];
  const held = text.replace(/\$\{[^}]*\}/g, (expression) => `__rcsExpression${expressions.push(expression) - 1}__`);
  return minifyCss(held).replace(/__rcsExpression(\d+)__/g, (_, index) => expressions[Number(index)]);
}

/** A style module's source with every template literal minified (the Rollup plugin below, and the SSR build's esbuild plugin). */
export function minifyStyleModule(code) {
  return code.replace(/`[^`]*`/g, (literal) => `\`${minifyLiteral(literal.slice(1, -1))}\``);
}

export function minifyCssLiterals() {
  return {
    name: 'minify-css-literals',
    transform(code, id) {
      if (!/\.styles\.ts$/.test(id)) return null;
      return { code: minifyStyleModule(code), map: null };
    },
  };
}
