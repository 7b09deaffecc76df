// planbox compare --html: the page's only script (inlined, plain JavaScript).
// It reads the data embedded in the page, writes the summary of each engine,
// and shows the node or branch a reader clicks in the tree in its column's view.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("planbox-data").textContent);

  function el(tag, className, text) {
    var e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // The summary: one line per engine, from the same records as the table.
  var summary = document.getElementById("summary");
  var list = el("ul");
  data.engines.forEach(function (name) {
    var r = data.records[name] || {};
    var li = el("li");
    li.id = "summary-" + name;
    li.appendChild(el("b", "", name));
    var parts = [r.outcome];
    if (r.outcome === "skipped") {
      parts.push(r.reason);
    } else {
      ["length", "cost", "expanded", "generated", "evaluated"].forEach(function (k) {
        if (r[k] !== null && r[k] !== undefined) parts.push(k + " " + r[k]);
      });
      data.pruning.forEach(function (k) {
        if (r[k]) parts.push(k + " " + r[k]);
      });
    }
    li.appendChild(document.createTextNode(": " + parts.join(", ")));
    list.appendChild(li);
  });
  summary.textContent = "";
  summary.appendChild(list);

  // A board drawn with the same classes as the boards in the tree.
  var kinds = { "#": "wall", "$": "box", "*": "done", ".": "goal", "@": "man", "+": "man",
                "-": "clear", "=": "clear", "!": "goal" };
  function board(rows) {
    var pre = el("pre", "board");
    rows.forEach(function (row, i) {
      for (var c = 0; c < row.length; c++) {
        var ch = row[c];
        pre.appendChild(kinds[ch] ? el("span", kinds[ch], ch) : document.createTextNode(ch));
      }
      if (i + 1 < rows.length) pre.appendChild(document.createTextNode("\n"));
    });
    return pre;
  }

  function show(view, title, rows, facts, what) {
    view.textContent = "";
    view.appendChild(el("div", "title", title));
    if (rows) view.appendChild(board(rows));
    if (facts) view.appendChild(el("p", "facts", what + ": " + facts));
  }

  // What the heuristics said of a node at cost g (undefined: no f), as
  // html.rs writes it in the tree: ", h = 5, f = 8" for A*.
  function estimates(record, g, h) {
    if (!h || !h.length) return "";
    if (h.length === 1) {
      var weighted = ["astar", "wastar", "lazy-wastar"].indexOf(record.search) >= 0;
      if (g !== undefined && weighted && !record.phases) {
        return ", h = " + h[0] + ", f = " + (g + (record.weight || 1) * h[0]);
      }
      return ", h = " + h[0];
    }
    var names = (record.heuristic || "").split(",");
    return ", " + h.map(function (v, i) { return (names[i] || "h") + " = " + v; }).join(", ");
  }

  Array.prototype.forEach.call(document.querySelectorAll(".column"), function (column) {
    var engine = column.getAttribute("data-engine");
    var record = data.records[engine] || {};
    var trace = data.traces[engine] || [];
    var view = column.querySelector(".view");
    var what = engine === "regression" ? "subgoals" : "state";
    var selected = null;
    function select(node) {
      if (selected) selected.classList.remove("selected");
      selected = node;
      node.classList.add("selected");
    }
    function showNode(id) {
      var e = trace[id - 1];
      if (!e) return;
      var title = "#" + e.id + (e.op ? " " + e.op : " start") + ", g = " + e.g +
        estimates(record, e.g, e.h);
      show(view, title, e.board, e.facts.join(" "), what);
    }
    column.querySelector(".tree").addEventListener("click", function (event) {
      var target = event.target;
      var summaryEl = target.closest("summary");
      if (summaryEl) {
        var details = summaryEl.parentElement;
        select(details);
        showNode(Number(details.getAttribute("data-id")));
        return;
      }
      var leaf = target.closest("li.try");
      if (!leaf) return;
      var parent = trace[Number(leaf.getAttribute("data-node")) - 1];
      var tried = parent && parent.tries[Number(leaf.getAttribute("data-try"))];
      if (!tried) return;
      select(leaf);
      var title = tried.op + " from #" + parent.id +
        (tried.rule ? ": pruned (" + tried.rule + ")" : "") +
        (tried.dead_end ? ": a dead end" : estimates(record, undefined, tried.h));
      show(view, title, tried.board, tried.change, engine === "regression" ? what : "change");
    });
    var buttons = column.querySelectorAll(".buttons button");
    Array.prototype.forEach.call(buttons, function (button) {
      button.addEventListener("click", function () {
        var action = button.getAttribute("data-action");
        Array.prototype.forEach.call(column.querySelectorAll("details.node"), function (d) {
          d.open = action === "open" || (action === "plan" && d.classList.contains("on-plan"));
        });
      });
    });
    if (trace.length) showNode(1);
  });
  document.body.setAttribute("data-ready", "yes");
})();
