// The analytics view of get_link_analytics and get_workspace_analytics (MCP Apps): it connects
// to the host with the official App class, follows the host's theme and style variables, and
// draws the tool's structured result when the host hands it over.

import { App, applyDocumentTheme, applyHostStyleVariables } from "@modelcontextprotocol/ext-apps";
import { readReport } from "./report.js";
import { messageView, reportView } from "./view.js";

const root = document.getElementById("root");
const show = (children) => {
  root.replaceChildren(...children.filter(Boolean));
  root.setAttribute("aria-busy", "false");
};

function followHost(context) {
  if (context?.theme) applyDocumentTheme(context.theme);
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
}

function firstText(result) {
  const item = (result.content ?? []).find((c) => c.type === "text");
  return item ? item.text : "";
}

const app = new App({ name: "Smart links analytics", version: "1.0.0" }, {}, { autoResize: true });

app.ontoolresult = (result) => {
  if (result.isError) {
    show(messageView(firstText(result) || "The analytics could not be read."));
    return;
  }
  const report = readReport(result.structuredContent);
  show(report ? reportView(report) : messageView("This result holds no analytics to draw."));
};
app.ontoolcancelled = () => show(messageView("The analytics call was cancelled."));
app.onhostcontextchanged = followHost;

app.connect().then(
  () => followHost(app.getHostContext()),
  () => show(messageView("This view needs a chat host that speaks MCP Apps.")),
);
