// Bundles the view (src/main.js with @modelcontextprotocol/ext-apps and its dependencies) and
// its style into ONE self-contained HTML document, lib/assets/mcp/analytics-app.html: script
// and style inlined, nothing fetched. With --check, writes nothing and fails when the committed
// document differs from what the sources build. Run through mcp-app/build.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..");
const out = join(repo, "lib/assets/mcp/analytics-app.html");
const check = process.argv.includes("--check");

// zod (which the App class validates messages with) re-exports its error messages in some fifty
// languages as `locales`, 260 KB of the bundle; it only ever uses English (`config(en())`), and
// so does the view. The re-export is given English alone.
const englishOnly = {
  name: "zod-english-only",
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes("/node_modules/zod/")
        ? { path: join(dirname(args.importer), "../locales/en.js"), namespace: "zod-locales" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: dirname(args.path),
    }));
  },
};

const common = { bundle: true, minify: true, write: false, legalComments: "eof", logLevel: "warning" };
const script = await esbuild.build({
  ...common,
  entryPoints: [join(here, "src/main.js")],
  format: "esm",
  target: "es2022",
  platform: "browser",
  plugins: [englishOnly],
});
const style = await esbuild.build({ ...common, entryPoints: [join(here, "src/style.css")] });

const text = (result) => result.outputFiles[0].text.trim();
// Inside an inline <script>, "</script" would end it early; "<\/script" is the same string to JS.
const js = text(script).replaceAll("</script", "<\\/script").replaceAll("<!--", "<\\!--");
const css = text(style).replaceAll("</style", "<\\/style");
const template = readFileSync(join(here, "src/index.html"), "utf8");
const html = template.replace("/*STYLE*/", () => css).replace("/*SCRIPT*/", () => js);

// Nothing may load from elsewhere: the page names no script, style or image by src= or href=,
// and the style no @import or url() (the host test proves no request leaves at run time).
const remote = template.match(/\b(?:src|href)\s*=/i) ?? css.match(/@import|url\(/i);
if (remote) {
  console.error(`mcp-app/build: the document would load something (${remote[0]}); inline it instead`);
  process.exit(1);
}

const name = relative(repo, out);
if (check) {
  let committed = "";
  try {
    committed = readFileSync(out, "utf8");
  } catch {
    // missing: stale below
  }
  if (committed !== html) {
    console.error(`${name} is stale: it differs from what mcp-app/src builds. Run mcp-app/build and commit it.`);
    process.exit(1);
  }
  console.log(`${name} is fresh (${html.length} bytes)`);
} else {
  writeFileSync(out, html);
  console.log(`wrote ${name} (${html.length} bytes)`);
}
