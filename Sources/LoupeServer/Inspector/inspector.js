// Loupe's web inspector: a live, filterable table of the log API's exchanges and their details.
// Plain JavaScript, no build step. Everything shown comes from the log API, already redacted;
// text is always inserted as text (never as HTML), so a logged value cannot run in the page.
"use strict";

const ROW_HEIGHT = 24;
const TABS = ["Headers", "Request", "Response", "Messages", "Timing", "Redactions", "TLS", "curl"];

const state = {
  filter: "",
  events: [],          // in sequence order
  byID: new Map(),     // id -> index in events
  selected: -1,        // index in events
  follow: true,
  tab: "Headers",
  stream: null,
  connection: "",
  maxDuration: 1,
};

// The log API's access token, from the address `loupe proxy` printed (…/?token=…); every request
// of the page carries it as a query parameter (an EventSource cannot send a header).
const TOKEN = new URLSearchParams(location.search).get("token");

const $ = (id) => document.getElementById(id);
const viewport = $("viewport"), spacer = $("spacer"), rows = $("rows");

function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (key === "class") node.className = value;
    else if (key === "style") Object.assign(node.style, value);
    else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

// ---- Data -------------------------------------------------------------------------------------

function query(extra) {
  const params = new URLSearchParams(extra || {});
  if (state.filter) params.set("filter", state.filter);
  if (TOKEN) params.set("token", TOKEN);
  const text = params.toString();
  return text ? "?" + text : "";
}

async function load() {
  if (state.stream) { state.stream.close(); state.stream = null; }
  if (state.filter) {
    // The server parses (one filter language everywhere); an invalid filter loads nothing.
    const check = await (await fetch("/v1/filter" + query(), { cache: "no-store" })).json();
    if (!check.valid) { showFilterError(check); return; }
  }
  const response = await fetch("/v1/events" + query({ limit: "100000" }), { cache: "no-store" });
  if (response.status === 401) { setStatus("The log API refused this page's access token: open the address Loupe printed at startup."); return; }
  if (!response.ok) { setStatus("The log API answered " + response.status + "."); return; }
  showFilterError(null);
  replaceAll(await response.json());
  connect();
  updateExportLinks();
}

function connect() {
  const stream = new EventSource("/v1/events/stream" + query());
  state.stream = stream;
  stream.addEventListener("added", (message) => upsert(JSON.parse(message.data)));
  stream.addEventListener("updated", (message) => upsert(JSON.parse(message.data)));
  stream.addEventListener("removed", (message) => remove(message.data));
  stream.addEventListener("evicted", (message) => remove(message.data));
  stream.addEventListener("cleared", () => replaceAll([]));
  stream.onopen = () => { state.connection = "live"; showCount(); };
  stream.onerror = () => { state.connection = "reconnecting…"; showCount(); };
}

function replaceAll(events) {
  state.events = events;
  state.byID = new Map(events.map((event, index) => [event.id.toLowerCase(), index]));
  // A loop, not Math.max(...spread): a spread of a few hundred thousand arguments overflows the stack.
  state.maxDuration = events.reduce((longest, event) => Math.max(longest, duration(event)), 1);
  state.selected = Math.min(state.selected, events.length - 1);
  render(true);
}

function upsert(event) {
  const id = event.id.toLowerCase();
  const index = state.byID.get(id);
  if (index === undefined) {
    state.byID.set(id, state.events.length);
    state.events.push(event);
  } else {
    state.events[index] = event;
  }
  state.maxDuration = Math.max(state.maxDuration, duration(event));
  scheduleRender(index === undefined);
  if (index !== undefined && index === state.selected) renderDetail();
}

function remove(id) {
  const index = state.byID.get(id.toLowerCase());
  if (index === undefined) return;
  state.events.splice(index, 1);
  state.byID = new Map(state.events.map((event, i) => [event.id.toLowerCase(), i]));
  if (state.selected === index) { state.selected = -1; $("detail").hidden = true; }
  else if (state.selected > index) state.selected -= 1;
  scheduleRender(false);
}

// ---- Table ------------------------------------------------------------------------------------

let renderPending = false, renderGrew = false;
function scheduleRender(grew) {
  renderGrew = renderGrew || grew;
  if (renderPending) return;
  renderPending = true;
  requestAnimationFrame(() => { renderPending = false; const grew = renderGrew; renderGrew = false; render(grew); });
}

function render(grew) {
  spacer.style.height = state.events.length * ROW_HEIGHT + "px";
  $("empty").hidden = state.events.length > 0;
  if (grew && state.follow) viewport.scrollTop = viewport.scrollHeight;
  const first = Math.max(0, Math.floor(viewport.scrollTop / ROW_HEIGHT) - 10);
  const last = Math.min(state.events.length, first + Math.ceil(viewport.clientHeight / ROW_HEIGHT) + 20);
  rows.style.top = first * ROW_HEIGHT + "px";
  const fragment = document.createDocumentFragment();
  for (let index = first; index < last; index++) fragment.append(row(state.events[index], index));
  rows.replaceChildren(fragment);
  showCount();
}

// "live · 12 exchanges": the feed's state and the rows the filter shows.
function showCount() {
  const total = state.events.length;
  setStatus((state.connection ? state.connection + " · " : "") + total + (total === 1 ? " exchange" : " exchanges"));
}

function row(event, index) {
  const url = parseURL(event.request.url);
  const status = event.response ? event.response.status : (event.state === "failed" ? "failed" : "…");
  const line = el("div", { class: "row" + (index === state.selected ? " selected" : ""), role: "row", "data-index": index },
    el("span", { class: "c-seq" }, event.sequence),
    el("span", { class: "c-method" }, event.request.method),
    el("span", { class: "c-status " + statusClass(event) }, status),
    el("span", { class: "c-host", title: url.host }, url.host),
    el("span", { class: "c-path", title: url.path }, url.path),
    el("span", { class: "c-type" }, kind(event)),
    el("span", { class: "c-size" }, bytes(responseSize(event))),
    el("span", { class: "c-time" }, event.timings && event.timings.total != null ? ms(event.timings.total) : "…"),
    el("span", { class: "c-bar" }, timingBar(event)));
  line.addEventListener("click", () => select(index, true));
  return line;
}

function timingBar(event) {
  const total = duration(event);
  const width = Math.max(2, Math.round(130 * total / state.maxDuration));
  const ttfb = event.timings && event.timings.ttfb != null ? event.timings.ttfb : total;
  const bar = el("span", { class: "timing", style: { width: width + "px" } },
    el("span", { class: "wait", style: { width: Math.round(width * Math.min(1, ttfb / Math.max(total, 0.001))) + "px" } }));
  bar.title = "wait " + ms(ttfb) + ", total " + ms(total);
  return bar;
}

function select(index, open) {
  if (index < 0 || index >= state.events.length) return;
  state.selected = index;
  const top = index * ROW_HEIGHT;
  if (top < viewport.scrollTop) viewport.scrollTop = top;
  else if (top + ROW_HEIGHT > viewport.scrollTop + viewport.clientHeight) viewport.scrollTop = top + ROW_HEIGHT - viewport.clientHeight;
  render(false);
  if (open || !$("detail").hidden) renderDetail();
}

// ---- Details ----------------------------------------------------------------------------------

function renderDetail() {
  const event = state.events[state.selected];
  if (!event) return;
  $("detail").hidden = false;
  $("detail-title").textContent = event.request.method + " " + event.request.url;
  $("tabs").replaceChildren(...TABS.map((name) => {
    const button = el("button", { type: "button", class: name === state.tab ? "active" : "" }, tabTitle(name, event));
    button.addEventListener("click", () => { state.tab = name; renderDetail(); });
    return button;
  }));
  const pane = $("pane");
  pane.replaceChildren(...paneContent(state.tab, event));
}

function tabTitle(name, event) {
  if (name === "Messages") {
    const count = (event.sseEvents || []).length + (event.webSocket ? event.webSocket.messages.length : 0)
      + (event.grpc ? event.grpc.messages.length : 0);
    return "Messages (" + count + ")";
  }
  if (name === "Redactions") return "Redactions (" + Object.values(event.redactions || {}).reduce((a, b) => a + b, 0) + ")";
  return name;
}

function paneContent(tab, event) {
  switch (tab) {
    case "Headers": {
      const url = parseURL(event.request.url);
      const parts = [el("h3", {}, "General"),
        table([["URL", event.request.url], ["Method", event.request.method], ["Client HTTP version", event.request.httpVersion],
               ["Status", event.response ? event.response.status + " " + (event.response.reason || "") : event.state],
               ["Upstream HTTP version", event.response ? event.response.httpVersion : "—"], ["Source", event.source],
               ["State", event.state]].concat(event.error ? [["Error", event.error.kind + ": " + event.error.message]] : []))];
      if (url.query.length) parts.push(el("h3", {}, "Query"), table(url.query));
      parts.push(el("h3", {}, "Request headers"), headerTable(event.request.headers));
      if (event.response) parts.push(el("h3", {}, "Response headers"), headerTable(event.response.headers));
      if (event.response && event.response.trailers) parts.push(el("h3", {}, "Trailers"), headerTable(event.response.trailers));
      return parts;
    }
    case "Request": return body(event.request.body, "No request body.");
    case "Response":
      if (!event.response) return [el("p", { class: "muted" }, event.state === "failed" ? "No response." : "Waiting for the response…")];
      return body(event.response.body, "No response body.");
    case "Messages": return messages(event);
    case "Timing": return timing(event);
    case "Redactions": {
      const entries = Object.entries(event.redactions || {});
      if (!entries.length) return [el("p", { class: "muted" }, "Nothing was redacted in this exchange.")];
      const places = redactionPlaces(event);
      const rows = entries.sort((a, b) => b[1] - a[1]).map(([rule, count]) => el("tr", {},
        el("td", {}, rule), el("td", {}, count + (count === 1 ? " value" : " values")),
        el("td", {}, places.has(rule) ? [...places.get(rule)].map(([place, n]) => place + (n > 1 ? " ×" + n : "")).join(", ")
                                      : "masked in place (no placeholder)")));
      return [el("p", { class: "muted" }, "Values replaced before the exchange was stored:"),
        el("table", { class: "redactions" }, el("tr", {}, el("th", {}, "Rule"), el("th", {}, "Count"), el("th", {}, "Where")), ...rows),
        el("p", { class: "muted" }, "Replaced values read [REDACTED:rule]; some rules mask in place instead (a card number keeps its last four digits).")];
    }
    case "curl": {
      const command = curlCommand(event);
      const copy = el("button", { type: "button", id: "copy-curl" }, "Copy to clipboard");
      copy.addEventListener("click", () => navigator.clipboard.writeText(command).then(
        () => { copy.textContent = "Copied"; }, () => { copy.textContent = "Select the text to copy it"; }));
      const notes = [];
      if (/\[REDACTED[^\]]*\]/.test(command)) notes.push("Redacted values stay as [REDACTED:rule] placeholders: put the real ones back before you run it.");
      const sent = event.request.body;
      if (sent && sent.truncated) notes.push("The request body was truncated to the capture limit; the command sends only what was kept.");
      if (sent && sent.text == null) notes.push("The request body was not kept (" + (sent.omitted ? sent.omitted.reason : "binary") + "); the command sends none.");
      return [el("p", {}, copy), el("pre", { id: "curl-command" }, marked(command)), ...notes.map((note) => el("p", { class: "muted" }, note))];
    }
    case "TLS": {
      const tls = event.tls;
      if (!tls) return [el("p", { class: "muted" }, "Not an HTTPS exchange (or not intercepted).")];
      return [table(Object.entries(tls).map(([key, value]) => [key, typeof value === "object" ? JSON.stringify(value) : String(value)]))];
    }
  }
  return [];
}

// Where each rule's placeholders are: rule -> Map(place -> count), from the URL, headers,
// trailers, bodies and messages of the stored (redacted) exchange.
function redactionPlaces(event) {
  const places = new Map();
  const scan = (place, text) => {
    if (text == null) return;
    for (const match of String(text).matchAll(/\[REDACTED(?::([^\]]*))?\]/g)) {
      const rule = match[1] || "redacted";
      if (!places.has(rule)) places.set(rule, new Map());
      places.get(rule).set(place, (places.get(rule).get(place) || 0) + 1);
    }
  };
  scan("URL", event.request.url);
  for (const header of event.request.headers || []) scan("request header " + header.name, header.value);
  scan("request body", event.request.body && event.request.body.text);
  if (event.response) {
    for (const header of event.response.headers || []) scan("response header " + header.name, header.value);
    for (const header of event.response.trailers || []) scan("trailer " + header.name, header.value);
    scan("response body", event.response.body && event.response.body.text);
  }
  for (const sse of event.sseEvents || []) scan("event-stream data", sse.data);
  for (const message of (event.webSocket && event.webSocket.messages) || []) scan("WebSocket message", message.text);
  if (event.grpc) scan("gRPC status message", event.grpc.statusMessage);
  if (event.error) scan("error", event.error.message);
  return places;
}

// The exchange as a curl command: method, URL, the request's headers (without those curl sets
// itself) and its kept text body, each argument in single quotes.
const CURL_SKIPPED_HEADERS = new Set(["host", "content-length", "connection", "keep-alive", "proxy-connection",
  "transfer-encoding", "te", "upgrade", "http2-settings"]);
function curlCommand(event) {
  const quote = (text) => "'" + String(text).replace(/'/g, "'\\''") + "'";
  const parts = ["curl"];
  const body = event.request.body && event.request.body.text != null ? event.request.body.text : null;
  if (event.request.method !== (body != null ? "POST" : "GET")) parts.push("-X " + quote(event.request.method));
  if ((event.request.httpVersion || "").startsWith("HTTP/2")) parts.push("--http2");
  parts.push(quote(event.request.url));
  for (const header of event.request.headers || []) {
    const name = header.name.toLowerCase();
    if (name.startsWith(":") || CURL_SKIPPED_HEADERS.has(name)) continue;
    if (name === "accept-encoding") { parts.push("--compressed"); continue; }
    parts.push("-H " + quote(header.name + ": " + header.value));
  }
  if (body != null) parts.push("--data-raw " + quote(body));
  return parts.join(" \\\n  ");
}

function headerTable(headers) {
  if (!headers || !headers.length) return el("p", { class: "muted" }, "None.");
  return table(headers.map((header) => [header.name, header.value]));
}

function table(pairs) {
  return el("table", {}, ...pairs.map(([key, value]) => el("tr", {}, el("td", {}, key), el("td", {}, marked(String(value))))));
}

// A value with its [REDACTED:…] placeholders highlighted.
function marked(text) {
  const span = el("span");
  const pattern = /\[REDACTED(?::[^\]]*)?\]/g;
  let last = 0, match;
  while ((match = pattern.exec(text)) !== null) {
    span.append(text.slice(last, match.index), el("span", { class: "redacted" }, match[0]));
    last = match.index + match[0].length;
  }
  span.append(text.slice(last));
  return span;
}

function body(captured, emptyText) {
  if (!captured) return [el("p", { class: "muted" }, emptyText)];
  const facts = [(captured.contentType || "no content type"), bytes(captured.originalSize)];
  if (captured.truncated) facts.push("truncated to the capture limit");
  if (captured.decodedFrom) facts.push("decoded from " + captured.decodedFrom);
  const parts = [el("p", { class: "muted" }, facts.join(" · "))];
  if (captured.text == null) {
    const omitted = captured.omitted;
    const image = (captured.contentType || "").startsWith("image/") ? " Loupe keeps text only, so images other than SVG are not shown." : "";
    parts.push(el("p", { class: "muted" }, "Not kept: " + (omitted ? omitted.reason : "no text")
      + (omitted && omitted.sha256 ? " (sha256 " + omitted.sha256 + ")" : "") + "." + image));
    return parts;
  }
  if ((captured.contentType || "").split(";")[0].trim().toLowerCase() === "image/svg+xml" && !captured.truncated) {
    // An image element never runs an SVG's scripts; the content security policy allows data: images.
    const image = el("img", { class: "preview", alt: "the response's SVG image" });
    image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(captured.text);
    parts.push(image);
  }
  const json = tryJSON(captured.text, captured.contentType);
  parts.push(json === undefined ? el("pre", {}, marked(captured.text)) : el("div", { class: "json" }, jsonNode(json, null, 0)));
  return parts;
}

function tryJSON(text, contentType) {
  const trimmed = text.trim();
  if (!(contentType || "").includes("json") && !(trimmed.startsWith("{") || trimmed.startsWith("["))) return undefined;
  try { return JSON.parse(text); } catch { return undefined; }
}

// Pretty JSON with collapsible objects and arrays (open two levels deep).
function jsonNode(value, key, depth) {
  const label = key === null ? [] : [el("span", { class: "k" }, JSON.stringify(key)), ": "];
  if (value !== null && typeof value === "object") {
    const isArray = Array.isArray(value);
    const entries = isArray ? value.map((item, index) => [index, item]) : Object.entries(value);
    const details = el("details");
    if (depth < 2) details.open = true;
    details.append(el("summary", {}, ...label, isArray ? "[" + entries.length + "]" : "{" + entries.length + "}"));
    for (const [childKey, child] of entries) details.append(jsonNode(child, isArray ? null : childKey, depth + 1));
    return details;
  }
  const kindClass = typeof value === "string" ? "s" : typeof value === "number" ? "n" : "l";
  const text = typeof value === "string" ? JSON.stringify(value) : String(value);
  return el("div", {}, ...label, el("span", { class: kindClass }, marked(text)));
}

function messages(event) {
  const parts = [];
  if (event.sseEvents && event.sseEvents.length) {
    parts.push(el("h3", {}, "Server-sent events (" + event.sseEvents.length + ")"),
      table(event.sseEvents.map((sse) => [time(sse.receivedAt) + " " + sse.type + (sse.id ? " #" + sse.id : ""), sse.data])));
  }
  if (event.webSocket) {
    const log = event.webSocket;
    parts.push(el("h3", {}, "WebSocket messages (" + log.messages.length + ")"),
      table(log.messages.map((message) => [time(message.receivedAt) + " " + (message.direction === "up" ? "↑" : "↓") + " "
        + message.opcode + " " + bytes(message.size), message.text != null ? message.text : "binary, sha256 " + message.sha256])));
    parts.push(el("p", { class: "muted" }, log.pings + " pings, " + log.pongs + " pongs"
      + (log.close ? ", closed " + (log.close.code || "") + " by " + (log.close.by === "up" ? "the client" : "the server") : "")));
  }
  if (event.grpc) {
    const grpc = event.grpc;
    parts.push(el("h3", {}, "gRPC messages (" + grpc.messages.length + ")"),
      table(grpc.messages.map((message) => [time(message.receivedAt) + " " + (message.direction === "up" ? "↑" : "↓") + " "
        + bytes(message.size) + (message.compressed ? " compressed" : ""), "sha256 " + message.sha256])));
    if (grpc.status != null) parts.push(el("p", {}, "Status " + grpc.status + (grpc.statusMessage ? ": " + grpc.statusMessage : "")));
  }
  if (!parts.length) parts.push(el("p", { class: "muted" }, "No event-stream, WebSocket or gRPC messages in this exchange."));
  if (event.state === "streaming") parts.push(el("p", { class: "muted" }, "… streaming"));
  return parts;
}

// Where the time went: opening the connection, the TLS handshake, waiting for the response head
// (sending included) and receiving the rest, as a waterfall and a table.
function timing(event) {
  const timings = event.timings || {};
  const total = duration(event);
  const scale = (value) => (100 * value / Math.max(total, 0.001)) + "%";
  const phases = [];
  let at = 0;
  const phase = (name, length, color) => {
    if (length == null) return;
    phases.push({ name, start: at, length: Math.max(0, length), color });
    at += Math.max(0, length);
  };
  phase("Connect", timings.connect, "var(--connect)");
  phase("TLS handshake", timings.tls, "var(--tls)");
  if (timings.ttfb != null) phase("Waiting (to the first response byte)", timings.ttfb - at, "var(--wait)");
  if (timings.total != null) phase(event.state === "failed" && !event.response ? "Until it failed" : "Receiving", timings.total - at, "var(--bar)");
  const lanes = phases.map((item) => el("div", { class: "lane-row" },
    el("span", { class: "lane-name" }, item.name),
    el("span", { class: "lane" }, el("span", { class: "seg", style: { left: scale(item.start), width: scale(item.length), background: item.color } })),
    el("span", { class: "lane-time" }, ms(item.length))));
  const notes = [];
  if (timings.connect == null && event.source && event.source.startsWith("proxy")) notes.push("No connect time: the exchange reused an open upstream connection.");
  if (timings.total == null) notes.push("Still open.");
  return [el("div", { class: "waterfall" }, ...lanes),
    table([["Started", new Date(event.startedAt).toISOString()], ["Total", timings.total != null ? ms(timings.total) : "still open"]]),
    ...notes.map((note) => el("p", { class: "muted" }, note))];
}

// ---- Formatting -------------------------------------------------------------------------------

function parseURL(text) {
  if (/^[^/]*:\d+$/.test(text)) return { host: text, path: "", query: [] };  // CONNECT's host:port
  try {
    const url = new URL(text);
    return { host: url.host, path: url.pathname + url.search, query: [...url.searchParams.entries()] };
  } catch {
    return { host: text, path: "", query: [] };
  }
}
function duration(event) { return event.timings && event.timings.total != null ? event.timings.total : (event.timings && event.timings.ttfb) || 0; }
function responseSize(event) { return event.response && event.response.body ? event.response.body.originalSize : 0; }
function kind(event) {
  if (event.tunnel) return "tunnel";
  if (event.webSocket) return "ws";
  if (event.grpc) return "grpc";
  if ((event.sseEvents || []).length || ((event.response && event.response.body && event.response.body.contentType) || "").startsWith("text/event-stream")) return "sse";
  const type = event.response && event.response.body && event.response.body.contentType;
  return type ? type.split(";")[0].split("/").pop() : "";
}
function statusClass(event) {
  if (!event.response) return event.state === "failed" ? "s-failed" : "s-pending";
  const status = event.response.status;
  return status >= 500 ? "s-server" : status >= 400 ? "s-client" : status >= 300 ? "s-redirect" : "s-ok";
}
function bytes(count) {
  if (!count) return "0 B";
  if (count < 1024) return count + " B";
  if (count < 1024 * 1024) return (count / 1024).toFixed(1) + " kB";
  return (count / 1024 / 1024).toFixed(1) + " MB";
}
function ms(value) { return value < 1000 ? Math.round(value) + " ms" : (value / 1000).toFixed(2) + " s"; }
function time(value) { return new Date(value).toISOString().slice(11, 23); }
function setStatus(text) { $("status").textContent = text; }

// ---- Filter, follow, export, keys ---------------------------------------------------------------

function showFilterError(body) {
  const box = $("filter-error"), input = $("filter");
  if (!body) { box.hidden = true; box.textContent = ""; input.classList.remove("invalid"); return; }
  input.classList.add("invalid");
  // A caret under the column the parser names (1-based), then its message.
  const column = Math.max(1, body.column || 1);
  box.textContent = state.filter + "\n" + " ".repeat(column - 1) + "^ " + (body.message || body.error);
  box.hidden = false;
  setStatus("filter error");
}

function updateExportLinks() {
  for (const format of ["har", "zip", "ndjson"]) $("export-" + format).href = "/v1/export" + query({ format });
}

let filterTimer = null;
$("filter").addEventListener("input", () => {
  clearTimeout(filterTimer);
  filterTimer = setTimeout(() => { state.filter = $("filter").value.trim(); load(); }, 250);
});
$("filter").addEventListener("keydown", (event) => {
  if (event.key === "Enter") { clearTimeout(filterTimer); state.filter = $("filter").value.trim(); load(); viewport.focus(); }
  if (event.key === "Escape") viewport.focus();
});
$("follow").addEventListener("click", () => toggleFollow());
function toggleFollow() {
  state.follow = !state.follow;
  $("follow").setAttribute("aria-pressed", String(state.follow));
  $("follow").textContent = state.follow ? "Following" : "Paused";
  if (state.follow) render(true);
}
$("detail-close").addEventListener("click", () => { $("detail").hidden = true; viewport.focus(); });
viewport.addEventListener("scroll", () => {
  const atEnd = viewport.scrollTop + viewport.clientHeight >= viewport.scrollHeight - ROW_HEIGHT;
  if (!atEnd && state.follow && !renderPending) { state.follow = false; $("follow").setAttribute("aria-pressed", "false"); $("follow").textContent = "Paused"; }
  scheduleRender(false);
});
window.addEventListener("resize", () => scheduleRender(false));
document.addEventListener("keydown", (event) => {
  if (event.target === $("filter")) return;
  if (event.key === "/") { event.preventDefault(); $("filter").focus(); return; }
  if (event.key === "ArrowDown") { event.preventDefault(); select(Math.max(0, state.selected + 1), false); }
  else if (event.key === "ArrowUp") { event.preventDefault(); select(Math.max(0, state.selected - 1), false); }
  else if (event.key === "Enter") { select(state.selected < 0 ? 0 : state.selected, true); }
  else if (event.key === "Escape") { $("detail").hidden = true; }
  else if (event.key === "f") { toggleFollow(); }
});

load().catch((error) => setStatus("Could not reach the log API: " + error.message));
