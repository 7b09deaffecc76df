//! Showing a recorded search to a student: `--trace` text, `--dot` graphs,
//! and the JSON trace that `compare --html` draws as a tree.
//!
//! A progression node is a state (the facts that hold); a regression node is a
//! subgoal set (positive and negative literals that must hold). For problems
//! translated from Sokoban levels both are drawn on the board: the state as
//! the level would look, the subgoal set with the cells it constrains.

use petgraph::dot::{Config as DotConfig, Dot};
use petgraph::graph::{DiGraph, NodeIndex};
use planbox::search::trace::{Evaluation, Expansion};
use planbox::sokoban::{Level, render};
use planbox::task::Task;
use planbox::util::bits;
use std::collections::HashMap;
use std::fmt::Write as _;

use planbox::planner::Engine;

/// How to print the nodes of one task.
pub struct Viewer<'a> {
    pub task: &'a Task,
    pub engine: Engine,
    /// The level, when the problem was translated from a Sokoban level.
    pub level: Option<&'a Level>,
}

impl Viewer<'_> {
    /// Words of one literal bitset (regression nodes hold two).
    fn w(&self) -> usize {
        bits::words_for(self.task.facts.len())
    }

    /// The literals of a node: `(on a b)` or `(not (on a b))`.
    pub fn literals(&self, node: &[u64]) -> Vec<String> {
        let (pos, neg) = match self.engine {
            Engine::Progression | Engine::Bidirectional | Engine::Sat => (node, &[][..]),
            Engine::Regression => node.split_at(self.w()),
        };
        let mut out: Vec<String> = bits::iter(pos)
            .map(|f| self.task.fact(f).to_string())
            .collect();
        out.extend(bits::iter(neg).map(|f| format!("(not {})", self.task.fact(f))));
        out
    }

    /// The node as a Sokoban board, if the problem is a Sokoban level.
    pub fn board(&self, node: &[u64]) -> Option<String> {
        let level = self.level?;
        let literals = self.literals(node);
        let atoms = literals.iter().map(String::as_str);
        Some(match self.engine {
            Engine::Progression | Engine::Bidirectional | Engine::Sat => {
                render::state(level, atoms)
            }
            Engine::Regression => render::subgoals(level, atoms),
        })
    }

    /// What changed from `node` to `next`: `+(f) -(g)` for states.
    fn change(&self, node: &[u64], next: &[u64]) -> String {
        let mut out = String::new();
        for (i, (a, b)) in node.iter().zip(next).enumerate() {
            let (added, removed) = (b & !a, a & !b);
            for (mask, sign) in [(added, '+'), (removed, '-')] {
                let mut m = mask;
                while m != 0 {
                    let f = planbox::task::FactId(i as u32 * 64 + m.trailing_zeros());
                    m &= m - 1;
                    let _ = write!(out, " {sign}{}", self.task.fact(f));
                }
            }
        }
        out
    }

    /// The `--trace` text of the recorded expansions.
    pub fn trace(&self, expansions: &[Expansion]) -> String {
        let mut out = String::new();
        let what = match self.engine {
            Engine::Progression | Engine::Bidirectional | Engine::Sat => "state",
            Engine::Regression => "subgoals",
        };
        for (k, e) in expansions.iter().enumerate() {
            let h = e.h.as_ref().map(|h| format!(", {}", h_text(h)));
            let _ = writeln!(
                out,
                "expansion {} (g = {}{}):",
                k + 1,
                e.g,
                h.unwrap_or_default()
            );
            let _ = writeln!(out, "  {what}: {}", self.literals(&e.node).join(" "));
            if let Some(board) = self.board(&e.node) {
                for line in board.lines() {
                    let _ = writeln!(out, "    {line}");
                }
            }
            if e.tries.is_empty() {
                let _ = writeln!(out, "  (no operator applies)");
            }
            for t in &e.tries {
                let op = self.task.operator(t.op).plan_step();
                let pruned = t.pruned.map(|rule| format!("  pruned: {rule}"));
                match &t.successor {
                    Some(next) => {
                        let successor = match self.engine {
                            Engine::Progression | Engine::Bidirectional | Engine::Sat => {
                                self.change(&e.node, next)
                            }
                            Engine::Regression => format!(" {}", self.literals(next).join(" ")),
                        };
                        let h = t.h.as_ref().map(|h| format!("  ({})", h_text(h)));
                        let _ = writeln!(
                            out,
                            "  {op} ->{successor}{}{}",
                            pruned.unwrap_or_default(),
                            h.unwrap_or_default()
                        );
                    }
                    None => {
                        let _ = writeln!(out, "  {op}  pruned: {}", t.pruned.unwrap_or("?"));
                    }
                }
            }
        }
        out
    }

    /// The recorded expansions as JSON, for `plan --json --json-trace` (and
    /// so for `compare --html`): one object per expansion with its number
    /// `id` (from 1), the `parent` expansion and the try of it (`via`, from
    /// 0) that led here, `op`, `g`, `h` (one estimate per heuristic, `[7]`
    /// or `[7, 3]`, where the search evaluated the node), its literals
    /// (`facts`), its `board` as text rows (Sokoban), and its `tries`: each
    /// with the operator `op`, the successor (`change`: the facts added and
    /// deleted for a state, the literals of a subgoal set; `board`), the
    /// pruning `rule` that cut it, the expansion it became (`child`), and its
    /// `h` if evaluated when generated (`"dead_end": true` where a heuristic
    /// proved it one), each `null` when there is none. The expansions stop
    /// before their JSON passes `budget` bytes (a page cannot draw more; see
    /// `html::PAGE_CAP`).
    pub fn json(&self, expansions: &[Expansion], budget: usize) -> serde_json::Value {
        use serde_json::json;
        let rows = |node: &[u64]| -> Option<Vec<String>> {
            self.board(node)
                .map(|b| b.lines().map(str::to_string).collect())
        };
        let mut children: HashMap<(usize, usize), usize> = HashMap::new();
        for (k, e) in expansions.iter().enumerate() {
            if let Some(at) = e.parent {
                children.entry(at).or_insert(k);
            }
        }
        let mut bytes = 0usize;
        let records: Vec<serde_json::Value> = expansions
            .iter()
            .enumerate()
            .map(|(k, e)| {
                let tries: Vec<serde_json::Value> = e
                    .tries
                    .iter()
                    .enumerate()
                    .map(|(t, tried)| {
                        let change = tried.successor.as_ref().map(|next| match self.engine {
                            Engine::Regression => self.literals(next).join(" "),
                            _ => self.change(&e.node, next).trim_start().to_string(),
                        });
                        let mut record = json!({
                            "op": self.task.operator(tried.op).plan_step(),
                            "change": change,
                            "board": tried.successor.as_deref().and_then(rows),
                            "rule": tried.pruned,
                            "child": children.get(&(k, t)).map(|c| c + 1),
                            "h": h_json(&tried.h),
                        });
                        if tried.h == Some(Evaluation::DeadEnd) {
                            record["dead_end"] = json!(true);
                        }
                        record
                    })
                    .collect();
                let op = e
                    .parent
                    .map(|(p, t)| self.task.operator(expansions[p].tries[t].op).plan_step());
                json!({
                    "id": k + 1,
                    "parent": e.parent.map(|(p, _)| p + 1),
                    "via": e.parent.map(|(_, t)| t),
                    "op": op,
                    "g": e.g,
                    "h": h_json(&e.h),
                    "facts": self.literals(&e.node),
                    "board": rows(&e.node),
                    "tries": tries,
                })
            })
            .take_while(|record| {
                bytes += record.to_string().len();
                bytes <= budget
            })
            .collect();
        serde_json::Value::Array(records)
    }

    /// A node's label in the graph: the board, or its literals.
    fn label(&self, node: &[u64]) -> String {
        if let Some(board) = self.board(node) {
            return board;
        }
        let literals = self.literals(node);
        let mut shown: Vec<String> = literals.iter().take(8).cloned().collect();
        if literals.len() > 8 {
            shown.push(format!("... {} more", literals.len() - 8));
        }
        shown.join("\n")
    }

    /// The explored graph in Graphviz format: expanded nodes in bold, the
    /// start node doubled, pruned successors dashed and labelled with the rule.
    pub fn dot(&self, expansions: &[Expansion]) -> String {
        #[derive(Debug)]
        struct Vertex {
            label: String,
            style: &'static str,
        }
        let mut graph: DiGraph<Vertex, String> = DiGraph::new();
        let mut index: HashMap<Vec<u64>, NodeIndex> = HashMap::new();
        let mut vertex = |graph: &mut DiGraph<Vertex, String>, node: &[u64]| {
            *index.entry(node.to_vec()).or_insert_with(|| {
                graph.add_node(Vertex {
                    label: self.label(node),
                    style: "solid",
                })
            })
        };
        for (k, e) in expansions.iter().enumerate() {
            let from = vertex(&mut graph, &e.node);
            graph[from].style = if k == 0 { "bold,filled" } else { "bold" };
            for t in &e.tries {
                let op = self.task.operator(t.op).plan_step();
                let to = match &t.successor {
                    Some(next) => vertex(&mut graph, next),
                    None => graph.add_node(Vertex {
                        label: String::new(),
                        style: "dotted",
                    }),
                };
                let label = match t.pruned {
                    Some(rule) => {
                        // A duplicate leads to a node the search has (it may
                        // still be expanded); other rules discard the node.
                        if t.successor.is_some()
                            && rule != "duplicate"
                            && graph[to].style == "solid"
                        {
                            graph[to].style = "dashed";
                        }
                        format!("{op}\npruned: {rule}")
                    }
                    None => op,
                };
                graph.add_edge(from, to, label);
            }
        }
        let escape = |s: &str| {
            s.replace('\\', "\\\\")
                .replace('"', "\\\"")
                .replace('\n', "\\l")
        };
        let edge = |_: &DiGraph<Vertex, String>, e: petgraph::graph::EdgeReference<'_, String>| {
            let label = e.weight();
            let style = if label.contains("pruned:") {
                ", style=dashed, color=red"
            } else {
                ""
            };
            format!("label=\"{}\"{style}", escape(label))
        };
        let node = |_: &DiGraph<Vertex, String>, (_, v): (NodeIndex, &Vertex)| {
            let shape = if self.level.is_some() {
                "box, fontname=\"monospace\""
            } else {
                "box"
            };
            format!(
                "label=\"{}\\l\", shape={shape}, style=\"{}\"",
                escape(v.label.trim_end()),
                v.style
            )
        };
        let dot = Dot::with_attr_getters(
            &graph,
            &[DotConfig::EdgeNoLabel, DotConfig::NodeNoLabel],
            &edge,
            &node,
        );
        format!("{dot:?}")
    }
}

/// `h = 7`, `h = 7, 3` (two heuristics), or `dead end`.
fn h_text(h: &Evaluation) -> String {
    match h {
        Evaluation::Estimates(values) => {
            let values: Vec<String> = values.iter().map(u32::to_string).collect();
            format!("h = {}", values.join(", "))
        }
        Evaluation::DeadEnd => "dead end".into(),
        Evaluation::Novelty { w, width } if w > width => format!("novelty > {width}"),
        Evaluation::Novelty { w, .. } => format!("novelty {w}"),
    }
}

/// `h` in the JSON trace: the estimates, or `null` (not evaluated, or a dead
/// end).
fn h_json(h: &Option<Evaluation>) -> serde_json::Value {
    match h {
        Some(Evaluation::Estimates(values)) => serde_json::json!(values),
        _ => serde_json::Value::Null,
    }
}
