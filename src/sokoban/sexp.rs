//! A small s-expression reader, enough to read back the facts of a Sokoban
//! problem file (see [`super::decode`]) without a domain.
//!
//! `(define (problem p) (:init (man r2c2)))` reads as a list of the atom
//! `define`, the list `(problem p)` and the list `(:init (man r2c2))`. `;`
//! starts a comment up to the end of the line. Atoms are kept as written;
//! every node remembers its byte offset for error messages.
//!
//! merge point: once the lead has merged the PDDL parser, `decode` could use
//! `crate::pddl::parse_problem` instead (it needs no domain for this job).

/// A node: an atom or a parenthesised list, with its byte offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sexp {
    Atom(String, usize),
    List(Vec<Sexp>, usize),
}

/// Lists may nest at most this deep (a problem file needs 4 or 5 levels).
pub const MAX_DEPTH: usize = 100;

impl Sexp {
    pub fn offset(&self) -> usize {
        match self {
            Sexp::Atom(_, at) | Sexp::List(_, at) => *at,
        }
    }

    pub fn atom(&self) -> Option<&str> {
        match self {
            Sexp::Atom(text, _) => Some(text),
            Sexp::List(..) => None,
        }
    }

    pub fn list(&self) -> Option<&[Sexp]> {
        match self {
            Sexp::List(items, _) => Some(items),
            Sexp::Atom(..) => None,
        }
    }

    /// The list's first element, if it is an atom (`define`, `:init`, `man`).
    pub fn head(&self) -> Option<&str> {
        self.list()?.first()?.atom()
    }
}

/// Reads every top-level node of `text`. An error gives a byte offset and a
/// message.
pub fn parse(text: &str) -> Result<Vec<Sexp>, (usize, String)> {
    let mut stack: Vec<(Vec<Sexp>, usize)> = vec![(Vec::new(), 0)];
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            ';' => while chars.next_if(|&(_, c)| c != '\n').is_some() {},
            '(' => {
                if stack.len() > MAX_DEPTH {
                    return Err((at, format!("lists nested deeper than {MAX_DEPTH}")));
                }
                stack.push((Vec::new(), at));
            }
            ')' => {
                if stack.len() == 1 {
                    return Err((at, "unbalanced `)`".into()));
                }
                let (items, start) = stack.pop().expect("invariant: the stack has 2 or more");
                push(&mut stack, Sexp::List(items, start));
            }
            c if c.is_whitespace() => {}
            _ => {
                let mut end = at + c.len_utf8();
                while let Some((i, c)) =
                    chars.next_if(|&(_, c)| !c.is_whitespace() && !matches!(c, '(' | ')' | ';'))
                {
                    end = i + c.len_utf8();
                }
                push(&mut stack, Sexp::Atom(text[at..end].to_string(), at));
            }
        }
    }
    if let [_, .., (_, open)] = stack.as_slice() {
        return Err((*open, "this `(` is never closed".into()));
    }
    Ok(stack.pop().map(|(top, _)| top).unwrap_or_default())
}

fn push(stack: &mut [(Vec<Sexp>, usize)], node: Sexp) {
    if let Some((items, _)) = stack.last_mut() {
        items.push(node);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lists_atoms_and_comments() {
        let nodes = parse("; hi\n(a (b c) ; x)\n d)").expect("balanced");
        assert_eq!(nodes.len(), 1);
        assert_eq!(nodes[0].head(), Some("a"));
        let items = nodes[0].list().expect("a list");
        assert_eq!(items[1].list().map(<[Sexp]>::len), Some(2));
        assert_eq!(items[2], Sexp::Atom("d".into(), 20));
    }

    #[test]
    fn reports_unbalanced_and_deep_input() {
        assert_eq!(parse("(a))").map_err(|e| e.0), Err(3));
        assert_eq!(parse("x (a (b)").map_err(|e| e.0), Err(2));
        assert!(parse(&"(".repeat(10_000)).is_err());
    }
}
