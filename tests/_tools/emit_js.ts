/**
 * The form of a run-time module the npm package ships: JavaScript with no
 * comments and no source map, made from its TypeScript by the TypeScript
 * compiler's single-file transpile (types erased, nothing else rewritten but
 * the `.ts` of this checkout's own module names).
 *
 * Why: Deno runs a `.ts` module as its emit, which keeps every comment and
 * carries an inline source map holding the whole TypeScript text, and V8
 * keeps a module's source resident. At 50k files that form costs preflight
 * and load about 2 MiB of peak RSS against plain JavaScript (ARCHITECTURE.md).
 *
 * Decisions:
 * - Relative module names ending in `.ts` become `.js`: static and dynamic
 *   imports and re-exports (the compiler's own rewrite), and the relative
 *   `new URL("./x.ts", import.meta.url)` a module uses to name a sibling
 *   (the hook worker, main.ts, deno.json's neighbours); no other string.
 * - Imports used only as types are dropped, as Deno's own emit drops them.
 * - Lost without a source map: a stack trace names the `.js` module and its
 *   function, but its line and column are the JavaScript's, not the
 *   TypeScript's (comments and types are gone, so lines move). A map in a
 *   file beside each module (no source text in it, named by a last
 *   `sourceMappingURL` line) would give the TypeScript's lines back, but it
 *   took back about 1.9 of the 2 MiB at 50k files (11 interleaved rounds),
 *   so none ships.
 * @module
 */
import ts from "typescript";

/** A relative module name of this checkout that ends in `.ts`. */
const RELATIVE_TS = /^\.\.?\/.*\.ts$/;

/** `new URL("./x.ts", …)` naming a sibling module becomes `new URL("./x.js", …)`. */
const siblingUrls: ts.TransformerFactory<ts.SourceFile> = (ctx) => (file) => {
  const visit = (node: ts.Node): ts.Node => {
    if (
      ts.isNewExpression(node) && ts.isIdentifier(node.expression) &&
      node.expression.text === "URL" && node.arguments !== undefined &&
      node.arguments[0] !== undefined && ts.isStringLiteral(node.arguments[0]) &&
      RELATIVE_TS.test(node.arguments[0].text)
    ) {
      const [first, ...rest] = node.arguments;
      const renamed = ctx.factory.createStringLiteral(jsName(first.text));
      return ctx.factory.updateNewExpression(node, node.expression, node.typeArguments, [
        renamed,
        ...rest,
      ]);
    }
    return ts.visitEachChild(node, visit, ctx);
  };
  return ts.visitNode(file, visit) as ts.SourceFile;
};

/** The shipped name of a module: `x.ts` becomes `x.js`; any other name is kept. */
export function jsName(path: string): string {
  return path.endsWith(".ts") ? `${path.slice(0, -".ts".length)}.js` : path;
}

/** Thrown when a module does not transpile cleanly (its name only, never its text). */
export class EmitError extends Error {
  constructor(readonly fileName: string) {
    super(`cannot transpile ${fileName} to plain JavaScript`);
    this.name = "EmitError";
  }
}

/**
 * The shipped JavaScript of one module.
 *
 * @param source The module's TypeScript.
 * @param fileName Its repository-relative name (for the compiler's diagnostics).
 * @returns JavaScript without comments or a source map.
 */
export function emitJs(source: string, fileName: string): string {
  const out = ts.transpileModule(source, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: {
      target: ts.ScriptTarget.ESNext,
      module: ts.ModuleKind.ESNext,
      removeComments: true,
      sourceMap: false,
      inlineSourceMap: false,
      rewriteRelativeImportExtensions: true,
      allowImportingTsExtensions: true,
      useDefineForClassFields: true,
    },
    transformers: { before: [siblingUrls] },
  });
  if ((out.diagnostics ?? []).some((d) => d.category === ts.DiagnosticCategory.Error)) {
    throw new EmitError(fileName);
  }
  return out.outputText;
}

/**
 * The comments left in JavaScript text, in order (a shebang is not one):
 * what the package must ship none of. Every comment is in the trivia before
 * some token, so the parsed tokens' trivia holds them all.
 */
export function commentsIn(js: string, fileName = "module.js"): string[] {
  const file = ts.createSourceFile(fileName, js, ts.ScriptTarget.ESNext, true, ts.ScriptKind.JS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const children = node.getChildren(file).filter((c) => !ts.isJSDoc(c));
    if (children.length === 0) {
      // Trivia's comments on the line it starts on are "trailing", the rest "leading".
      const at = node.getFullStart();
      const ranges = [
        ...ts.getTrailingCommentRanges(js, at) ?? [],
        ...ts.getLeadingCommentRanges(js, at) ?? [],
      ];
      for (const r of ranges) found.push(js.slice(r.pos, r.end));
    }
    for (const c of children) visit(c);
  };
  visit(file);
  return found;
}

/** The relative module names a JavaScript module imports, statically or by a literal `import()`. */
export function relativeImports(js: string): string[] {
  return ts.preProcessFile(js, true, true).importedFiles.map((f) => f.fileName)
    .filter((name) => /^\.\.?\//.test(name));
}
