//! Named choices: the closed sets of values a configuration reads from text
//! (`--engine progression`, `--search astar`, `--ties lifo`).
//!
//! Each such enum gets, from [`choices!`](crate::choices), its names and a
//! one-line help per value, [`FromStr`](std::str::FromStr) and
//! [`Display`](std::fmt::Display). A command-line parser lists
//! [`Choice::ALL`] with their help and parses with `FromStr`, so the library
//! needs no argument parser and the binary mirrors none of its enums.
//!
//! ```
//! use planbox::planner::Engine;
//! use planbox::choice::Choice;
//! assert_eq!("regression".parse::<Engine>(), Ok(Engine::Regression));
//! assert_eq!(Engine::Sat.to_string(), "sat");
//! assert_eq!(Engine::ALL.len(), 4);
//! ```

/// An enum whose values have names and help texts.
pub trait Choice: Copy + PartialEq + Sized + 'static {
    /// Every value, in the order a list of them shows them.
    const ALL: &'static [Self];
    /// The value's name in text.
    fn name(self) -> &'static str;
    /// One line on what the value does ("" when the name says it all).
    fn help(self) -> &'static str;
}

/// A name that none of a [`Choice`]'s values has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownChoice {
    pub given: String,
    /// The names there are.
    pub expected: Vec<&'static str>,
}

impl std::fmt::Display for UnknownChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown value `{}`; expected one of {}",
            self.given,
            self.expected.join(", ")
        )
    }
}

impl std::error::Error for UnknownChoice {}

/// The value of `T` named `text`.
pub fn parse<T: Choice>(text: &str) -> Result<T, UnknownChoice> {
    T::ALL
        .iter()
        .copied()
        .find(|v| v.name() == text)
        .ok_or_else(|| UnknownChoice {
            given: text.to_string(),
            expected: T::ALL.iter().map(|v| v.name()).collect(),
        })
}

/// Implements [`Choice`], `FromStr` and `Display` for an enum, from its values'
/// names and their help texts. Either it defines the enum too, taking each
/// value's help from its doc comment (its lines joined by spaces, as clap
/// joins them):
///
/// ```
/// planbox::choices! {
///     /// Which way to go.
///     #[derive(Clone, Copy, Debug, PartialEq, Eq)]
///     pub enum Side {
///         /// Towards the start
///         Back = "back",
///         /// Towards the goal
///         Ahead = "ahead",
///     }
/// }
/// use planbox::choice::Choice;
/// assert_eq!("ahead".parse::<Side>(), Ok(Side::Ahead));
/// assert_eq!(Side::Back.help(), "Towards the start");
/// ```
///
/// or it implements the traits for an enum defined elsewhere:
/// `choices!(impl Ties { Fifo = "fifo": "The oldest node first", ... })`.
#[macro_export]
macro_rules! choices {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[doc = $doc:literal])* $variant:ident = $text:literal, )*
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $( $(#[doc = $doc])* $variant, )*
        }
        impl $name {
            /// The value's name in text.
            pub fn name(self) -> &'static str {
                $crate::choice::Choice::name(self)
            }
        }
        $crate::choices!(impl $name {
            $( $variant = $text: concat!($($doc),*), )*
        });
    };
    (impl $name:ident { $( $variant:ident = $text:literal: $help:expr, )* }) => {
        impl $crate::choice::Choice for $name {
            const ALL: &'static [Self] = &[$($name::$variant),*];
            fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)*
                }
            }
            fn help(self) -> &'static str {
                match self {
                    $($name::$variant => $help.trim_start(),)*
                }
            }
        }
        impl ::std::str::FromStr for $name {
            type Err = $crate::choice::UnknownChoice;
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                $crate::choice::parse(text)
            }
        }
        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str($crate::choice::Choice::name(*self))
            }
        }
    };
}
