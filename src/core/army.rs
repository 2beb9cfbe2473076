//! The armies of Chess with Different Armies (protocol-docs/variants.md A1, A4) by name: what protocols, tools
//! and position texts say. The pieces themselves live with the 8x8 variants
//! (`variants::chess::armies`).

use std::fmt;

/// One of Betza's four armies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Army {
    /// The Fabulous FIDEs: the FIDE pieces.
    #[default]
    Fide,
    /// The Colorbound Clobberers: Bede, Waffle, FAD, Cardinal.
    Clobberers,
    /// The Nutty Knights: Charging Rook, Fibnif, Charging Knight, Colonel.
    Nutty,
    /// The Remarkable Rookies: Short Rook, Woody Rook, Half-Duck, Chancellor.
    Rookies,
}

/// The armies of White and Black, in that order.
pub type Armies = [Army; 2];

impl Army {
    pub const ALL: [Army; 4] = [Army::Fide, Army::Clobberers, Army::Nutty, Army::Rookies];

    /// The canonical name: position texts, option values, CLI flags.
    pub const fn name(self) -> &'static str {
        match self {
            Army::Fide => "fide",
            Army::Clobberers => "clobberers",
            Army::Nutty => "nutty",
            Army::Rookies => "rookies",
        }
    }

    /// Betza's own name for the army.
    pub const fn full_name(self) -> &'static str {
        match self {
            Army::Fide => "Fabulous FIDEs",
            Army::Clobberers => "Colorbound Clobberers",
            Army::Nutty => "Nutty Knights",
            Army::Rookies => "Remarkable Rookies",
        }
    }

    /// Reads a canonical name or one of Betza's names, ignoring case, spaces, `-` and `_`
    /// (`NuttyKnights`, `colorbound-clobberers`).
    pub fn from_name(text: &str) -> Result<Army, UnknownArmy> {
        let key: String =
            text.chars().filter(|c| !matches!(c, ' ' | '-' | '_')).map(|c| c.to_ascii_lowercase()).collect();
        let army = match key.as_str() {
            "fide" | "fabulousfides" | "fabulousfide" | "fides" => Army::Fide,
            "clobberers" | "colorboundclobberers" | "colourboundclobberers" => Army::Clobberers,
            "nutty" | "nuttyknights" => Army::Nutty,
            "rookies" | "remarkablerookies" => Army::Rookies,
            _ => return Err(UnknownArmy { token: text.to_string() }),
        };
        Ok(army)
    }

    /// Reads the armies field of a position text, `<white>/<black>` (`clobberers/nutty`).
    pub fn parse_pair(field: &str) -> Result<Armies, UnknownArmy> {
        let (white, black) = field.split_once('/').ok_or_else(|| UnknownArmy { token: field.to_string() })?;
        Ok([Army::from_name(white)?, Army::from_name(black)?])
    }

    /// Writes the armies field: `clobberers/nutty`.
    pub fn write_pair(armies: Armies) -> String {
        format!("{}/{}", armies[0].name(), armies[1].name())
    }
}

/// Whether a position text ends in an armies field: a last field, after the board, holding a `/`.
pub fn has_armies_field(text: &str) -> bool {
    let fields: Vec<&str> = text.split_whitespace().collect();
    fields.len() > 1 && fields.last().is_some_and(|f| f.contains('/'))
}

/// The position text without its armies field, if it has one (for readers that know only FEN,
/// such as XBoard's `setup`).
pub fn without_armies_field(text: &str) -> &str {
    match text.trim_end().rsplit_once(char::is_whitespace) {
        Some((rest, _)) if has_armies_field(text) => rest.trim_end(),
        _ => text,
    }
}

impl fmt::Display for Army {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that names no army.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownArmy {
    pub token: String,
}

impl fmt::Display for UnknownArmy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown army '{}' (expected fide, clobberers, nutty or rookies)", self.token)
    }
}

impl std::error::Error for UnknownArmy {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_aliases_read() {
        for army in Army::ALL {
            assert_eq!(Army::from_name(army.name()), Ok(army));
            assert_eq!(Army::from_name(army.full_name()), Ok(army));
        }
        assert_eq!(Army::from_name("NuttyKnights"), Ok(Army::Nutty));
        assert_eq!(Army::parse_pair("clobberers/Rookies"), Ok([Army::Clobberers, Army::Rookies]));
        assert_eq!(Army::write_pair([Army::Nutty, Army::Fide]), "nutty/fide");
        assert_eq!(Army::from_name("fidex").unwrap_err().token, "fidex");
        assert_eq!(Army::parse_pair("nutty").unwrap_err().token, "nutty");
        assert_eq!(Army::parse_pair("nutty/").unwrap_err().token, "");
    }

    #[test]
    fn the_armies_field_comes_off_only_where_there_is_one() {
        let fen = "8/8/8/8/8/8/8/D3K2k w - - 0 1";
        assert_eq!(without_armies_field(&format!("{fen} clobberers/fide ")), fen);
        assert_eq!(without_armies_field(fen), fen);
        assert_eq!(without_armies_field("8/8/8/8/8/8/8/K6k"), "8/8/8/8/8/8/8/K6k");
    }
}
