// The report page's own script (html_report.h): draws the data `report`
// holds with Chart.js, inlined beside it. Nothing is fetched: the page works
// from a file, offline.
"use strict";
(function () {
  const palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
                   "#7f7f7f", "#bcbd22", "#17becf"];

  function node(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v);
    }
    for (const c of children) e.append(c);
    return e;
  }

  function number(v) {
    if (v === null || v === undefined || !Number.isFinite(v)) return "";
    return Number.isInteger(v) ? String(v) : v.toFixed(6);
  }

  // 83.04 s -> "00:01:23.040".
  function clock(seconds) {
    const ms = Math.round(seconds * 1000);
    const pad = (n, w) => String(n).padStart(w, "0");
    return pad(Math.floor(ms / 3600000), 2) + ":" + pad(Math.floor(ms / 60000) % 60, 2) + ":" +
           pad(Math.floor(ms / 1000) % 60, 2) + "." + pad(ms % 1000, 3);
  }

  function when(run, frame) {
    return run.frame_rate ? clock(frame / run.frame_rate) : "";
  }

  // Clicking a header sorts by that column, again the other way.
  function sortable(table) {
    const body = table.tBodies[0];
    table.querySelectorAll("th").forEach((th, column) => {
      th.addEventListener("click", () => {
        const down = th.dataset.order !== "asc";
        table.querySelectorAll("th").forEach(h => delete h.dataset.order);
        th.dataset.order = down ? "asc" : "desc";
        const key = r => {
          const cell = r.cells[column];
          const text = cell.dataset.value !== undefined ? cell.dataset.value : cell.textContent;
          const v = parseFloat(text);
          return Number.isNaN(v) ? text : v;
        };
        const rows = Array.from(body.rows).sort((a, b) => {
          const x = key(a), y = key(b);
          const c = typeof x === typeof y ? (x < y ? -1 : x > y ? 1 : 0) :
                    typeof x === "number" ? -1 : 1;
          return down ? c : -c;
        });
        rows.forEach(r => body.append(r));
      });
    });
    return table;
  }

  function runsPage(content) {
    const runs = report.runs;
    const keys = [];
    for (const run of runs) for (const k of run.keys) if (!keys.includes(k)) keys.push(k);
    const primary = keys.includes(report.primary) ? report.primary : keys[0];
    const shown = new Set(keys.filter(k => k.startsWith("vmaf")));
    if (!shown.size && primary) shown.add(primary);

    const picker = node("div", {id: "picker"});
    for (const k of keys) {
      const box = node("input", {type: "checkbox", "data-key": k});
      box.checked = shown.has(k);
      box.addEventListener("change", () => {
        if (box.checked) shown.add(k); else shown.delete(k);
        draw();
      });
      picker.append(node("label", {}, box, " " + k));
    }
    const reset = node("button", {type: "button", text: "Reset zoom", onclick: () => zoom()});
    const canvas = node("canvas", {id: "plot"});
    const band = node("div", {id: "band"});
    content.append(node("h2", {text: "Per frame"}), picker,
                   node("p", {}, reset, node("span", {class: "note",
                        text: "Drag across the plot to zoom (a link's #zoom=FROM-TO does too), " +
                              "double-click or the button to reset; hover for a frame's values."})),
                   node("div", {id: "plot-box"}, canvas, band));

    // The x axis ends at the last frame: a linear axis would round its end
    // up to a tick.
    let lastFrame = 0;
    for (const run of runs)
      for (const k of keys) lastFrame = Math.max(lastFrame, (run.values[k] || []).length - 1);
    const chart = new Chart(canvas, {
      type: "line",
      data: {datasets: []},
      options: {
        animation: false, parsing: false, normalized: true, maintainAspectRatio: false,
        interaction: {mode: "nearest", axis: "x", intersect: false},
        elements: {point: {radius: 0, hitRadius: 4}, line: {borderWidth: 1.5}},
        scales: {x: {type: "linear", min: 0, max: lastFrame, title: {display: true, text: "frame"}},
                 y: {title: {display: true, text: "score"}}},
        plugins: {
          tooltip: {callbacks: {
            title: items => {
              if (!items.length) return "";
              const frame = items[0].parsed.x, run = runs[items[0].dataset.run];
              const t = when(run, frame);
              return "frame " + frame + (t ? ", " + t : "");
            },
            label: item => item.dataset.label + ": " + number(item.parsed.y),
          }},
        },
      },
    });

    function draw() {
      const datasets = [];
      let colour = 0;
      runs.forEach((run, r) => {
        for (const k of keys) {
          if (!shown.has(k) || !run.values[k]) continue;
          const data = [];
          run.values[k].forEach((v, frame) => { if (v !== null) data.push({x: frame, y: v}); });
          const c = palette[colour++ % palette.length];
          datasets.push({label: runs.length > 1 ? run.label + ": " + k : k, data, run: r,
                         borderColor: c, backgroundColor: c});
        }
      });
      chart.data.datasets = datasets;
      chart.update("none");
      shownRange();
      document.body.dataset.datasets = datasets.length;
      document.body.dataset.points = datasets.reduce((n, d) => n + d.data.length, 0);
    }

    // The x range shown; nothing: all of it.
    function zoom(from, to) {
      const x = chart.options.scales.x;
      if (from === undefined) { x.min = 0; x.max = lastFrame; }
      else { x.min = from; x.max = to; }
      chart.update("none");
      document.body.dataset.zoom = from === undefined ? "" : from + "-" + to;
      shownRange();
    }

    // The frames the x axis spans, for the page's tests.
    function shownRange() {
      document.body.dataset.xrange = chart.scales.x.min + "-" + chart.scales.x.max;
    }

    let start = null;
    canvas.addEventListener("mousedown", e => { start = e.offsetX; });
    canvas.addEventListener("mousemove", e => {
      if (start === null) return;
      band.style.display = "block";
      band.style.left = Math.min(start, e.offsetX) + "px";
      band.style.width = Math.abs(e.offsetX - start) + "px";
    });
    window.addEventListener("mouseup", e => {
      if (start === null) return;
      band.style.display = "none";
      const end = e.target === canvas ? e.offsetX : start;
      if (Math.abs(end - start) > 4) {
        const a = chart.scales.x.getValueForPixel(Math.min(start, end));
        const b = chart.scales.x.getValueForPixel(Math.max(start, end));
        zoom(Math.floor(a), Math.ceil(b));
      }
      start = null;
    });
    canvas.addEventListener("dblclick", () => zoom());
    draw();
    // A link may name a range: page.html#zoom=120-240.
    const range = /zoom=(\d+)-(\d+)/.exec(location.hash);
    if (range) zoom(+range[1], +range[2]);

    content.append(node("h2", {text: "Pooled"}));
    for (const run of runs) {
      const methods = [];
      for (const k of run.keys)
        for (const m of Object.keys(run.pooled[k] || {})) if (!methods.includes(m)) methods.push(m);
      const head = node("tr", {}, node("th", {class: "name", text: "metric"}),
                        ...methods.map(m => node("th", {text: m})));
      const rows = run.keys.map(k => node("tr", {}, node("td", {class: "name", text: k}),
                                          ...methods.map(m => node("td", {text: number((run.pooled[k] || {})[m])}))));
      if (runs.length > 1) content.append(node("h3", {text: run.label}));
      content.append(sortable(node("table", {class: "pooled"}, node("thead", {}, head),
                                   node("tbody", {}, ...rows))));
    }

    content.append(node("h2", {text: "Worst moments (" + primary + ")"}));
    for (const run of runs) {
      const values = run.values[primary] || [];
      const frames = values.map((v, f) => [v, f]).filter(p => p[0] !== null)
                           .sort((a, b) => a[0] - b[0]).slice(0, report.worst);
      const margin = run.frame_rate ? Math.round(run.frame_rate) : 12;
      const rows = frames.map(([v, f]) => node("tr", {class: "worst", "data-frame": f,
          onclick: () => zoom(Math.max(0, f - margin), f + margin)},
          node("td", {text: String(f)}), node("td", {text: when(run, f)}),
          node("td", {text: number(v)})));
      if (runs.length > 1) content.append(node("h3", {text: run.label}));
      content.append(node("table", {class: "worst"},
          node("thead", {}, node("tr", {}, node("th", {text: "frame"}), node("th", {text: "time"}),
                                node("th", {text: primary}))),
          node("tbody", {}, ...rows)));
    }
    content.append(node("p", {class: "note", text: "Click a row to zoom the plot to it; " +
                                               "\u25a3 shows its pictures."}));
    framePictures(content, runs, primary);
  }

  // Each run's pictured frames: the reference, the distorted, their luma
  // difference and cambi's heat map, side by side and scaled to fit; a
  // click shows one across the page at its own size.
  function framePictures(content, runs, primary) {
    let shown = 0, loaded = 0, broken = 0;
    const count = () => {
      document.body.dataset.pictures = shown;
      document.body.dataset.loaded = loaded;
      document.body.dataset.broken = broken;
    };
    if (!runs.some(run => (run.pictures || []).length || run.pictures_note)) return count();
    content.append(node("h2", {id: "frames", text: "Frames"}));
    runs.forEach((run, r) => {
      if (runs.length > 1) content.append(node("h3", {text: run.label}));
      if (run.pictures_note) content.append(node("p", {class: "note", text: run.pictures_note}));
      for (const p of run.pictures || []) {
        const v = (run.values[primary] || [])[p.frame];
        const t = when(run, p.frame);
        content.append(node("h3", {class: "frame", id: "frame-" + r + "-" + p.frame,
                                   text: "frame " + p.frame + (t ? ", " + t : "") +
                                         (v !== undefined && v !== null ? ", " + primary + " " + number(v) : "")}));
        const box = node("div", {class: "pictures", "data-frame": p.frame});
        const parts = [["reference", "reference"], ["distorted", "distorted"],
                       ["difference", "|reference \u2212 distorted| luma \u00d74"],
                       ["cambi", "cambi heat map (distorted)"]];
        for (const [key, caption] of parts) {
          if (!p[key]) continue;
          const img = node("img", {src: p[key], alt: caption + ", frame " + p.frame,
                                   width: p.width, height: p.height, "data-part": key});
          img.addEventListener("load", () => { loaded++; count(); });
          img.addEventListener("error", () => { broken++; count(); });
          const figure = node("figure", {}, img, node("figcaption", {text: caption}));
          img.addEventListener("click", () => figure.classList.toggle("full"));
          box.append(figure);
          shown++;
        }
        content.append(box);
      }
    });
    // The worst moments' rows link their pictures.
    document.querySelectorAll("table.worst").forEach((table, r) => {
      table.tHead.rows[0].append(node("th", {text: "pictures"}));
      for (const row of table.tBodies[0].rows) {
        const target = document.getElementById("frame-" + r + "-" + row.dataset.frame);
        const cell = node("td", {});
        if (target)
          cell.append(node("a", {href: "#" + target.id, text: "\u25a3", title: "pictures",
                                 onclick: e => e.stopPropagation()}));
        row.append(cell);
      }
    });
    count();
  }

  function batchPage(content) {
    const head = node("tr", {}, ...report.columns.map(c =>
        node("th", {class: c === "reference" || c === "distorted" || c === "status" || c === "error" ? "name" : "",
                    text: c})));
    const rows = report.rows.map(row => node("tr", {"data-status": row.status},
        ...report.columns.map(c => {
          const v = row.cells[c];
          const td = node("td", {class: typeof v === "number" ? "" : "name"});
          if (c === "distorted" && row.link) td.append(node("a", {href: row.link, text: v}));
          else td.textContent = typeof v === "number" ? number(v) : (v === null ? "" : String(v));
          if (typeof v === "number") td.dataset.value = v;
          return td;
        })));
    content.append(node("p", {class: "note", text: "Click a column's header to sort by it; a " +
                                               "distorted video's name opens its plot."}),
                   sortable(node("table", {id: "pairs"}, node("thead", {}, head),
                                 node("tbody", {}, ...rows))));
    document.body.dataset.rows = report.rows.length;
  }

  try {
    document.getElementById("title").textContent = report.title;
    document.getElementById("subtitle").textContent = report.subtitle || "";
    const content = document.getElementById("content");
    if (report.kind === "batch") batchPage(content); else runsPage(content);
    document.body.dataset.state = "rendered";
  } catch (e) {
    document.body.dataset.errors += (e && e.message ? e.message : String(e)) + "; ";
    document.body.dataset.state = "failed";
  }
})();
