// Palimpsest entity-history page: plain JavaScript, no build step. Talks to the REST API with
// the API key kept in sessionStorage (entered once per tab); draws the timeline and the graph
// as SVG. Routes: #/ (search), #/search/<q>, #/entity/<name>?as_of=&known_at=, #/review.
"use strict";

const view = document.getElementById("view");
const store = window.sessionStorage;
const SVG = "http://www.w3.org/2000/svg";

function el(tag, attrs = {}, ...children) {
  const node = tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined) continue;
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function user() { return document.getElementById("user").value.trim(); }

function askKey() {
  const dialog = document.getElementById("key-dialog");
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      const key = document.getElementById("key").value.trim();
      if (key) store.setItem("palimpsest-key", key);
      showKeyState();
      resolve(Boolean(key));
    }, { once: true });
    dialog.showModal();
  });
}

function showKeyState() {
  document.getElementById("key-state").textContent = store.getItem("palimpsest-key") ? "key set" : "";
}

async function api(path, params = {}, options = {}) {
  const url = new URL(path, window.location.origin);
  const query = { user_id: user() || null, ...params };
  for (const [k, v] of Object.entries(query)) if (v !== null && v !== undefined && v !== "") url.searchParams.append(k, v);
  const headers = { "Content-Type": "application/json" };
  const key = store.getItem("palimpsest-key");
  if (key) headers["X-API-Key"] = key;
  const response = await fetch(url, { ...options, headers });
  if (response.status === 401 && !options.retried && (await askKey())) {
    return api(path, params, { ...options, retried: true });
  }
  const body = await response.json();
  if (!response.ok) throw new Error(`${body.error.code}: ${body.error.message}`);
  return body;
}

function post(path, body) {
  const data = user() ? { user_id: user(), ...body } : body;
  return api(path, {}, { method: "POST", body: JSON.stringify(data) });
}

function parseHash() {
  const [path, query] = window.location.hash.slice(1).split("?");
  return { parts: (path || "/").split("/").filter(Boolean).map(decodeURIComponent), query: new URLSearchParams(query || "") };
}

function day(iso) { return iso ? iso.slice(0, 10) : ""; }

function failure(error) { view.replaceChildren(el("p", { class: "error", text: String(error.message || error) })); }

// -- search -------------------------------------------------------------------------------

async function showSearch(q) {
  document.getElementById("q").value = q;
  const answer = await api("/v1/search", { q, limit: 20 });
  const items = answer.results.map((hit) => {
    const fact = hit.fact;
    const subject = fact ? fact.subject : null;
    return el("li", { class: "hit" },
      el("span", { text: hit.memory + " " }),
      subject ? el("a", { href: `#/entity/${encodeURIComponent(subject)}`, class: "entity-link", text: `→ ${subject}` }) : null,
      fact && fact.disputed ? el("span", { class: "disputed", text: " disputed" }) : null);
  });
  view.replaceChildren(
    el("p", {}, el("a", { href: `#/entity/${encodeURIComponent(q)}`, id: "open-entity", text: `Open entity “${q}”` })),
    el("section", {}, el("h2", { text: `Search results for “${q}”` }),
      items.length ? el("ul", { id: "results" }, ...items) : el("p", { class: "empty", text: "Nothing found." })));
}

// -- entity page --------------------------------------------------------------------------

function timeQuestion(query) {
  const asOf = query.get("as_of") || "";
  const knownAt = query.get("known_at") || "";
  return { asOf, knownAt, params: { as_of: asOf || null, known_at: knownAt ? `${knownAt}:00+00:00` : null } };
}

function pickers(name, time) {
  const go = () => {
    const params = new URLSearchParams();
    const a = document.getElementById("as-of").value;
    const k = document.getElementById("known-at").value;
    if (a) params.set("as_of", a);
    if (k) params.set("known_at", k);
    window.location.hash = `#/entity/${encodeURIComponent(name)}?${params}`;
  };
  return el("div", { class: "pickers" },
    el("label", { text: "as of (event time) " }, el("input", { type: "date", id: "as-of", value: time.asOf, onchange: go })),
    el("label", { text: "known at (UTC) " }, el("input", { type: "datetime-local", id: "known-at", value: time.knownAt, onchange: go })),
    el("button", { id: "now", text: "now", onclick: () => { window.location.hash = `#/entity/${encodeURIComponent(name)}`; } }));
}

async function ledgerBadge() {
  try {
    const verdict = await api("/v1/ledger/verify");
    return el("span", { id: "ledger", class: `badge ${verdict.ok ? "ok" : "bad"}`,
      text: verdict.ok ? `ledger verified · ${verdict.length} entries` : `ledger broken at #${verdict.first_bad_seq}` });
  } catch (error) {
    return el("span", { id: "ledger", class: "badge bad", text: "ledger unavailable" });
  }
}

async function episodes(facts) {
  const ids = [...new Set(facts.map((f) => f.episode_id).filter(Boolean))];
  const found = {};
  await Promise.all(ids.map(async (id) => {
    try { found[id] = await api(`/v1/episodes/${encodeURIComponent(id)}`); } catch (error) { found[id] = null; }
  }));
  return found;
}

async function factsSection(name, time) {
  const answer = await api("/v1/facts", { subject: name, ...time.params });
  const sources = await episodes(answer.facts);
  const label = time.asOf || time.knownAt ? `Facts${time.asOf ? " as of " + time.asOf : ""}${time.knownAt ? " as known at " + time.knownAt : ""}` : "Facts now";
  const rows = answer.facts.map((f) => {
    const source = sources[f.episode_id];
    return el("tr", { class: f.polarity < 0 ? "fact negated" : "fact", "data-id": f.id },
      el("td", { text: f.predicate }), el("td", { class: "value", text: f.value }, ...negation(f)),
      el("td", { text: `${day(f.valid_at)} – ${day(f.invalid_at) || "…"}` }),
      el("td", { class: f.disputed ? "disputed" : "", text: f.disputed ? "disputed" : f.verify_status }),
      el("td", { class: "episode", text: source ? `“${source.body}” (${source.speaker}, ${day(source.observed_at)})` : "" }));
  });
  return el("section", { id: "facts" }, el("h2", { text: label }),
    rows.length ? el("table", {}, el("tr", {}, ...["predicate", "value", "valid", "status", "source"].map((h) => el("th", { text: h }))), ...rows)
      : el("p", { class: "empty", text: "No facts for this time question." }));
}

// A record of polarity -1 says in words what it denies: "no longer" for an ending ("I left
// Acme": state_change "ends"), "not" for a standing denial; "" for any other record.
function negationWord(f) {
  if (f.polarity >= 0) return "";
  return f.state_change === "ends" ? "no longer" : "not";
}

function negation(f) {
  const word = negationWord(f);
  return word ? [el("span", { class: "negation", text: ` (${word})` })] : [];
}

function timelineSvg(chains, asOf) {
  const versions = chains.flatMap((c) => c.versions);
  const now = Date.now();
  const times = versions.flatMap((v) => [Date.parse(v.valid_at), v.invalid_at ? Date.parse(v.invalid_at) : now]);
  const t0 = Math.min(...times), t1 = Math.max(now, ...times);
  const left = 170, width = 900, rowHeight = 24;
  const x = (t) => left + ((t - t0) / Math.max(1, t1 - t0)) * (width - left - 20);
  const svg = el("svg:svg", { width, height: rowHeight * (versions.length + chains.length) + 30, id: "timeline-svg" });
  svg.append(el("svg:defs", {}, el("svg:marker", { id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto" }, el("svg:path", { d: "M0,0 L10,5 L0,10 z" }))));
  const place = {};
  let row = 0;
  for (const chain of chains) {
    svg.append(el("svg:text", { x: 4, y: row * rowHeight + 16, text: chain.predicate + (chain.scope ? ` (${chain.scope})` : ""), "font-weight": 600 }));
    row += 1;
    for (const v of chain.versions) {
      const start = x(Date.parse(v.valid_at)), end = x(v.invalid_at ? Date.parse(v.invalid_at) : now);
      const y = row * rowHeight + 4;
      const kind = ["bar", v.invalid_at ? "closed" : "", v.expired_at ? "expired" : "", v.disputed ? "disputed" : "", v.polarity < 0 ? "negated" : ""].join(" ").trim();
      const said = [negationWord(v), v.value].filter(Boolean).join(" ");
      const bar = el("svg:rect", { x: start, y, width: Math.max(3, end - start), height: rowHeight - 8, class: kind, "data-id": v.id });
      bar.append(el("svg:title", { text: `${said}: ${day(v.valid_at)} – ${day(v.invalid_at) || "now"}${v.disputed ? " (disputed)" : ""}` }));
      svg.append(bar, el("svg:text", { x: start + 4, y: y + 12, text: said + (v.disputed ? " ⚠" : "") }));
      place[v.id] = { start, end, y: y + (rowHeight - 8) / 2 };
      row += 1;
    }
  }
  for (const v of versions) {
    const old = v.supersedes && place[v.supersedes], now_ = place[v.id];
    if (old && now_) svg.append(el("svg:path", { class: "supersedes", d: `M${old.end},${old.y} C${old.end + 20},${old.y} ${now_.start - 20},${now_.y} ${now_.start},${now_.y}` }));
  }
  if (asOf) {
    const at = x(Date.parse(asOf));
    svg.append(el("svg:line", { class: "asof", x1: at, x2: at, y1: 0, y2: row * rowHeight + 10 }));
  }
  const anchors = ["start", "middle", "end"];
  const axis = [t0, (t0 + t1) / 2, t1].map((t, n) => el("svg:text", { x: x(t), y: row * rowHeight + 24, "text-anchor": anchors[n], class: "axis", text: new Date(t).toISOString().slice(0, 10) }));
  svg.append(...axis);
  return svg;
}

async function timelineSection(name, time) {
  try {
    const history = await api(`/v1/entities/${encodeURIComponent(name)}/history`);
    return el("section", { id: "timeline" }, el("h2", { text: "Timeline of every version (event time)" }), timelineSvg(history.chains, time.asOf));
  } catch (error) {
    return el("section", { id: "timeline" }, el("h2", { text: "Timeline" }), el("p", { class: "empty", text: String(error.message) }));
  }
}

function graphSvg(answer) {
  const width = 900, height = 460, cx = width / 2, cy = height / 2;
  const center = answer.nodes.find((n) => n.name === answer.entity) || answer.nodes[0];
  const hop = { [center.id]: 0 };
  for (const edge of answer.edges) {
    for (const [a, b] of [[edge.subject, edge.value], [edge.value, edge.subject]]) {
      const from = answer.nodes.find((n) => n.name === a), to = answer.nodes.find((n) => n.name === b);
      if (from && to && hop[from.id] !== undefined && hop[to.id] === undefined) hop[to.id] = hop[from.id] + 1;
    }
  }
  const rings = {};
  for (const n of answer.nodes) (rings[hop[n.id] ?? 2] ||= []).push(n);
  const pos = {};
  for (const [ring, nodes] of Object.entries(rings)) {
    nodes.forEach((n, i) => {
      const r = Number(ring) * 150, a = (2 * Math.PI * i) / nodes.length + Number(ring) * 0.4;
      pos[n.id] = { x: cx + r * Math.cos(a), y: cy + r * 0.85 * Math.sin(a) };
    });
  }
  const nodeOf = (name) => answer.nodes.find((n) => n.name === name);
  const svg = el("svg:svg", { width, height, id: "graph-svg" });
  for (const e of answer.edges) {
    const a = pos[(nodeOf(e.subject) || {}).id], b = pos[(nodeOf(e.value) || {}).id];
    if (!a || !b) continue;
    svg.append(el("svg:line", { class: "edge", x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
      el("svg:text", { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 - 3, class: e.disputed ? "disputed" : "", text: e.predicate }));
  }
  for (const n of answer.nodes) {
    const p = pos[n.id];
    const link = el("svg:a", { href: `#/entity/${encodeURIComponent(n.name)}` },
      el("svg:circle", { class: `node${n.id === center.id ? " center" : ""}`, cx: p.x, cy: p.y, r: 9, "data-name": n.name }),
      el("svg:text", { x: p.x + 12, y: p.y + 4, text: n.name }));
    svg.append(link);
  }
  return svg;
}

async function graphSection(name, time) {
  try {
    const answer = await api(`/v1/entities/${encodeURIComponent(name)}/graph`, { depth: 2, ...time.params });
    const body = answer.edges.length ? graphSvg(answer) : el("p", { class: "empty", text: "Nothing connected for this time question." });
    return el("section", { id: "graph" }, el("h2", { text: "Connections (two hops)" }), body);
  } catch (error) {
    return el("section", { id: "graph" }, el("h2", { text: "Connections" }), el("p", { class: "empty", text: String(error.message) }));
  }
}

async function showEntity(name, query) {
  const time = timeQuestion(query);
  const [badge, facts, timeline, graph] = await Promise.all([
    ledgerBadge(), factsSection(name, time), timelineSection(name, time), graphSection(name, time)]);
  view.replaceChildren(el("h1", { id: "entity-name", text: name + " " }, badge), pickers(name, time), facts, timeline, graph);
  document.body.dataset.ready = `entity:${name}:${time.asOf}:${time.knownAt}`;
}

// -- review queue -------------------------------------------------------------------------

function reviewRow(item, memory, note, actions) {
  return el("tr", { class: "review-item", "data-id": item.id },
    el("td", { text: memory }), el("td", { text: note }),
    el("td", {}, el("button", { class: "confirm", id: `confirm-${item.id}`, text: "Confirm", onclick: () => act(actions.confirm) }), " ",
      el("button", { class: "reject", id: `reject-${item.id}`, text: "Reject", onclick: () => act(actions.reject) })));
}

async function act(path) {
  try { await post(path, {}); await route(); } catch (error) { failure(error); }
}

async function showReview() {
  const [candidates, disputed] = await Promise.all([
    api("/v1/candidates", { status: "pending" }), api("/v1/facts", { verify_status: "contradicted" })]);
  const held = candidates.candidates.map((c) => reviewRow(c, c.memory, `${c.rule}: ${c.reason}`,
    { confirm: `/v1/candidates/${encodeURIComponent(c.id)}/confirm`, reject: `/v1/candidates/${encodeURIComponent(c.id)}/reject` }));
  const disputes = disputed.facts.filter((f) => f.disputed).map((f) => reviewRow(f, f.memory, `${f.subject} · ${f.predicate}`,
    { confirm: `/v1/facts/${encodeURIComponent(f.id)}/confirm`, reject: `/v1/facts/${encodeURIComponent(f.id)}/reject` }));
  const table = (id, rows, empty) => rows.length ? el("table", { id }, ...rows) : el("p", { id, class: "empty", text: empty });
  view.replaceChildren(
    el("section", {}, el("h2", { text: "Candidates waiting for review" }), table("candidates", held, "No candidates waiting.")),
    el("section", {}, el("h2", { text: "Disputed facts" }), table("disputes", disputes, "No disputes.")));
  document.body.dataset.ready = `review:${held.length}:${disputes.length}`;
}

// -- routing ------------------------------------------------------------------------------

async function route() {
  const { parts, query } = parseHash();
  delete document.body.dataset.ready;
  store.setItem("palimpsest-user", user());
  try {
    if (parts[0] === "entity" && parts[1]) await showEntity(parts[1], query);
    else if (parts[0] === "search" && parts[1]) await showSearch(parts[1]);
    else if (parts[0] === "review") await showReview();
    else { view.replaceChildren(el("p", { class: "hint", text: "Search for a memory or an entity." })); document.body.dataset.ready = "home"; }
  } catch (error) {
    failure(error);
    document.body.dataset.ready = "error";
  }
}

document.getElementById("search-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const q = document.getElementById("q").value.trim();
  if (q) window.location.hash = `#/search/${encodeURIComponent(q)}`;
});
document.getElementById("user").value = store.getItem("palimpsest-user") || new URLSearchParams(window.location.search).get("user_id") || "";
document.getElementById("user").addEventListener("change", route);
window.addEventListener("hashchange", route);
showKeyState();
route();
