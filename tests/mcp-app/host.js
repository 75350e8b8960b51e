// A minimal MCP Apps host on the official AppBridge (@modelcontextprotocol/ext-apps/app-bridge):
// it puts the app's HTML in a sandboxed iframe (scripts only: an opaque origin, no same-origin
// access), answers the app's handshake with a host context (theme and style variables), sizes
// the iframe as the app asks, and hands over a tool's input and result. The test bundles this
// with the app's own esbuild and calls window.host.show(html, toolInput, toolResult).
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

// The host's own look, per theme, as MCP Apps style variables.
const STYLES = {
  light: {
    "--color-background-primary": "#fbfaf7",
    "--color-background-secondary": "#efede6",
    "--color-text-primary": "#1f2328",
    "--color-text-secondary": "#4f5661",
    "--color-text-info": "#1d5fd1",
    "--color-text-success": "#0b7a3e",
    "--color-border-primary": "#cfcabd",
    "--font-sans": "'Host Sans', system-ui, sans-serif",
  },
  dark: {
    "--color-background-primary": "#1b1c20",
    "--color-background-secondary": "#26282e",
    "--color-text-primary": "#ecedf0",
    "--color-text-secondary": "#b9bcc4",
    "--color-text-info": "#8cb8ff",
    "--color-text-success": "#6fd69c",
    "--color-border-primary": "#3b3e46",
    "--font-sans": "'Host Sans', system-ui, sans-serif",
  },
};

window.host = {
  /** Everything the bridge saw, for the test to read. */
  events: { initialized: false, sizes: [], appInfo: null },

  async show(html, toolInput, toolResult, theme = "light") {
    document.getElementById("frame")?.remove();
    const iframe = document.createElement("iframe");
    iframe.id = "frame";
    iframe.title = "Analytics view";
    iframe.setAttribute("sandbox", "allow-scripts");
    document.body.append(iframe);

    const bridge = new AppBridge(
      null,
      { name: "smartlinks-test-host", version: "1.0.0" },
      { openLinks: {}, logging: {} },
      {
        hostContext: {
          theme,
          styles: { variables: STYLES[theme] },
          displayMode: "inline",
          availableDisplayModes: ["inline"],
          locale: "en-US",
          platform: "web",
        },
      },
    );
    const events = this.events;
    bridge.addEventListener("sizechange", ({ height }) => {
      events.sizes.push(height);
      if (height) iframe.style.height = `${Math.ceil(height)}px`;
    });
    const initialized = new Promise((resolve) =>
      bridge.addEventListener("initialized", () => {
        events.initialized = true;
        events.appInfo = bridge.getAppVersion?.() ?? null;
        resolve();
      }),
    );
    await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
    iframe.srcdoc = html;
    await initialized;
    await bridge.sendToolInput({ arguments: toolInput });
    await bridge.sendToolResult(toolResult);
  },
};
