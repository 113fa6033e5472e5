//! Generated scenarios: what every game's generator is asked (a seed, a size, a symmetry and
//! the game's own named choices) and the seeded chooser they all draw from, so a seed gives the
//! same scenario on every machine, a pinned choice leaves the others where the seed put them,
//! and the scenario's description says what was chosen.

use crate::dice::Dice;

/// What a designer (or the lab) asks a generator for.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GenerateRequest {
    /// The seed every choice is drawn from.
    pub seed: u64,
    /// Width and depth in the game's own unit (squares, inches, centimetres); the seed picks
    /// one of the game's usual sizes when left out.
    pub size: Option<(u32, u32)>,
    /// The symmetry by its command-line name (`rotate180`); the seed picks one when left out.
    pub symmetry: Option<String>,
    /// The game's own choices pinned by name (`terrain=islands`), in the order given.
    pub choices: Vec<(String, String)>,
}

impl GenerateRequest {
    /// A request for `seed` with everything else left to the seed.
    #[must_use]
    pub fn seeded(seed: u64) -> Self {
        Self { seed, ..Self::default() }
    }

    /// Reads `WxH` (`20x14`, `48x48`) as a size.
    ///
    /// # Errors
    /// The text is not two whole numbers joined by `x`.
    pub fn parse_size(text: &str) -> Result<(u32, u32), String> {
        let (w, h) =
            text.split_once(['x', 'X']).ok_or_else(|| format!("the size '{text}' is not WIDTHxDEPTH (20x14, say)"))?;
        let number = |part: &str| {
            part.trim().parse::<u32>().map_err(|_| format!("the size '{text}' is not WIDTHxDEPTH (20x14, say)"))
        };
        Ok((number(w)?, number(h)?))
    }

    /// Reads `name=value` as a pinned choice.
    ///
    /// # Errors
    /// There is no `=`.
    pub fn parse_choice(text: &str) -> Result<(String, String), String> {
        let (name, value) = text
            .split_once('=')
            .ok_or_else(|| format!("the choice '{text}' is not NAME=VALUE (terrain=islands, say)"))?;
        Ok((name.trim().to_owned(), value.trim().to_owned()))
    }
}

/// One choice a generation made: its name, the value taken and every value it takes (the
/// window offers them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// Its name on the command line (`terrain`).
    pub name: &'static str,
    /// The value taken.
    pub value: String,
    /// Every value it takes, in the game's order.
    pub values: Vec<String>,
    /// Each value's name for people (the value itself unless the game names it).
    pub labels: Vec<String>,
    /// Whether the seed draws it; one it never draws (an option) takes its first value
    /// unless it is pinned.
    pub drawn: bool,
    /// The other choice that set its value in the seed's place (`family=one-bridge`), if any.
    pub forced_by: Option<String>,
}

/// A generated scenario: its file text, the scenario opened, and the choices made.
pub struct Generated {
    /// The scenario's file text.
    pub text: String,
    /// The scenario, ready for every headless command.
    pub scenario: Box<dyn super::OpenScenario>,
    /// The named choices, in the order made (size and symmetry apart).
    pub choices: Vec<Choice>,
    /// The symmetries the game generates, by their command-line names.
    pub symmetries: Vec<&'static str>,
    /// What was chosen, in a sentence (the scenario's description says it too).
    pub said: String,
}

/// The seeded choices of one generation. Every choice draws from the dice whether or not it is
/// pinned, so pinning one leaves every other where the seed put it.
#[derive(Debug)]
pub struct Chooser<'a> {
    dice: Dice,
    request: &'a GenerateRequest,
    /// The game's title, for messages.
    game: &'static str,
    /// Every choice asked for so far, with the values it takes (for the unknown-name message).
    known: Vec<(&'static str, String)>,
    /// The named choices made, for the window.
    made: Vec<Choice>,
    /// The symmetries offered.
    symmetries: Vec<&'static str>,
    /// What was chosen, in order, for the scenario's description.
    chosen: Vec<String>,
}

impl<'a> Chooser<'a> {
    /// A chooser for one request of `game`.
    #[must_use]
    pub fn new(game: &'static str, request: &'a GenerateRequest) -> Self {
        Self {
            dice: Dice::new(request.seed),
            request,
            game,
            known: Vec::new(),
            chosen: Vec::new(),
            made: Vec::new(),
            symmetries: Vec::new(),
        }
    }

    /// The seed it draws from.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.request.seed
    }

    fn pinned(&self, name: &str) -> Option<&'a str> {
        self.request.choices.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// One named choice among `values`: the pinned value, else the seed's.
    ///
    /// # Errors
    /// The pinned value is not one of `values`.
    pub fn pick<'v>(&mut self, name: &'static str, values: &[&'v str]) -> Result<&'v str, String> {
        let drawn = values.get(self.dice.below(values.len())).copied().unwrap_or_default();
        self.decide(name, values, drawn)
    }

    /// [`Self::pick`], except that `forced` (a value and the choice that forces it, such as a
    /// family of maps) takes the place of the seed's value. The dice are drawn all the same, so
    /// every later choice stays where the seed put it.
    ///
    /// # Errors
    /// The pinned value is not one of `values`, or differs from the forced one.
    pub fn pick_unless<'v>(
        &mut self,
        name: &'static str,
        values: &[&'v str],
        forced: Option<(&'v str, &str)>,
    ) -> Result<&'v str, String> {
        let drawn = values.get(self.dice.below(values.len())).copied().unwrap_or_default();
        let Some((value, by)) = forced else { return self.decide(name, values, drawn) };
        if let Some(asked) = self.pinned(name).filter(|asked| *asked != value) {
            return Err(format!("{} cannot generate {name}={asked} with {by}, which takes {name}={value}", self.game));
        }
        let value = self.decide(name, values, value)?;
        if let Some(made) = self.made.last_mut() {
            made.forced_by = Some(by.to_owned());
        }
        Ok(value)
    }

    /// A named choice the seed never makes, given as (value, name for people): the first value
    /// unless the request pins another. For a family of scenarios a person or a judge asks for
    /// by name: the seed's own scenarios stay as they were, and pinning it moves no other
    /// choice (nothing is drawn for it).
    ///
    /// # Errors
    /// The pinned value is not one of the values.
    pub fn option<'v>(&mut self, name: &'static str, values: &[(&'v str, &str)]) -> Result<&'v str, String> {
        let ids: Vec<&'v str> = values.iter().map(|(id, _)| *id).collect();
        let value = self.decide(name, &ids, ids.first().copied().unwrap_or_default())?;
        self.name_values(name, value, values);
        if let Some(made) = self.made.last_mut() {
            made.drawn = false;
        }
        // At its first value (the seed's own scenario) it is not said: the description reads as
        // it did before the option was offered (the window still lists it).
        if ids.first() == Some(&value) {
            self.chosen.pop();
        }
        Ok(value)
    }

    /// The pinned value of `name` among `values`, else `drawn`, recorded as made.
    fn decide<'v>(&mut self, name: &'static str, values: &[&'v str], drawn: &'v str) -> Result<&'v str, String> {
        self.known.push((name, values.join(", ")));
        let value = match self.pinned(name) {
            None => drawn,
            Some(asked) => values.iter().copied().find(|v| *v == asked).ok_or_else(|| {
                format!("{} cannot generate {name}={asked}; {name} is one of {}", self.game, values.join(", "))
            })?,
        };
        self.chosen.push(format!("{name} {value}"));
        let values: Vec<String> = values.iter().map(|v| (*v).to_owned()).collect();
        self.made.push(Choice {
            name,
            value: value.to_owned(),
            labels: values.clone(),
            values,
            drawn: true,
            forced_by: None,
        });
        Ok(value)
    }

    /// One named choice among `values` given as (value, name for people): the pinned value,
    /// else the seed's; the description says the name.
    ///
    /// # Errors
    /// The pinned value is not one of the values.
    pub fn pick_named<'v>(&mut self, name: &'static str, values: &[(&'v str, &str)]) -> Result<&'v str, String> {
        let ids: Vec<&'v str> = values.iter().map(|(id, _)| *id).collect();
        let value = self.pick(name, &ids)?;
        self.name_values(name, value, values);
        Ok(value)
    }

    /// Puts the names for people of the last choice's values in its place in the description
    /// and the window's list.
    fn name_values(&mut self, name: &str, value: &str, values: &[(&str, &str)]) {
        if let (Some(said), Some((_, label))) = (self.chosen.last_mut(), values.iter().find(|(id, _)| *id == value)) {
            *said = format!("{name} {label}");
        }
        if let Some(made) = self.made.last_mut() {
            made.labels = values.iter().map(|(_, label)| (*label).to_owned()).collect();
        }
    }

    /// The size: the asked one when it lies within `low..=high` on both axes, else one of
    /// `usual`, drawn by the seed.
    ///
    /// # Errors
    /// The asked size is outside the range, naming it.
    pub fn size(
        &mut self,
        usual: &[(u32, u32)],
        low: (u32, u32),
        high: (u32, u32),
        unit: &str,
    ) -> Result<(u32, u32), String> {
        let drawn = usual.get(self.dice.below(usual.len())).copied().unwrap_or(low);
        let size = match self.request.size {
            None => drawn,
            Some((w, h)) => {
                if !(low.0..=high.0).contains(&w) || !(low.1..=high.1).contains(&h) {
                    return Err(format!(
                        "{} generates sizes from {}x{} to {}x{} {unit}; {w}x{h} is outside",
                        self.game, low.0, low.1, high.0, high.1
                    ));
                }
                (w, h)
            }
        };
        self.chosen.push(format!("size {}x{} {unit}", size.0, size.1));
        Ok(size)
    }

    /// The symmetry among `names` (command-line names): the asked one, else the seed's.
    ///
    /// # Errors
    /// The asked name is not among them.
    pub fn symmetry(&mut self, names: &[&'static str]) -> Result<&'static str, String> {
        self.symmetries = names.to_vec();
        let drawn = names.get(self.dice.below(names.len())).copied().unwrap_or_default();
        let value =
            match self.request.symmetry.as_deref() {
                None => drawn,
                Some(asked) => names.iter().copied().find(|n| *n == asked).ok_or_else(|| {
                    format!("{} generates the symmetries {}; not '{asked}'", self.game, names.join(", "))
                })?,
            };
        // Said in words ("rotate 180"), not by the command line's name ("rotate180").
        let said = crate::board::Symmetry::ALL.iter().find(|s| s.name() == value).map_or(value, |s| s.label());
        self.chosen.push(format!("symmetry {said}"));
        Ok(value)
    }

    /// A number in `0..bound` for laying things out (not a named choice).
    pub fn below(&mut self, bound: usize) -> usize {
        self.dice.below(bound)
    }

    /// Whether a draw with chance `percent` in 100 comes up.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.dice.below(100) < percent
    }

    /// The sentence that says what was chosen so far, for the scenario's description.
    #[must_use]
    pub fn said(&self) -> String {
        format!("Generated from seed {}: {}.", self.request.seed, self.chosen.join(", "))
    }

    /// Ends the generation: the choices made and the symmetries offered.
    ///
    /// # Errors
    /// A pinned name the game never asked, with the names it takes.
    pub fn finish(self) -> Result<(Vec<Choice>, Vec<&'static str>), String> {
        for (name, _) in &self.request.choices {
            if !self.known.iter().any(|(known, _)| known == name) {
                let names: Vec<String> = self.known.iter().map(|(n, values)| format!("{n} ({values})")).collect();
                return Err(format!("{} has no choice named '{name}'; it takes {}", self.game, names.join(", ")));
            }
        }
        Ok((self.made, self.symmetries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pinning_one_choice_leaves_the_others_where_the_seed_put_them() {
        let free = GenerateRequest::seeded(9);
        let mut pinned = GenerateRequest::seeded(9);
        pinned.choices.push(("a".into(), "x".into()));
        let draw = |request: &GenerateRequest| {
            let mut chooser = Chooser::new("Test", request);
            let a = chooser.pick("a", &["x", "y", "z"]);
            let b = chooser.below(1000);
            (a, b)
        };
        assert_eq!(draw(&free).1, draw(&pinned).1);
        assert_eq!(draw(&pinned).0, Ok("x"));
    }

    #[test]
    fn an_unknown_choice_is_refused_with_the_names_the_game_takes() {
        let mut request = GenerateRequest::seeded(1);
        request.choices.push(("terain".into(), "land".into()));
        let mut chooser = Chooser::new("Test", &request);
        let _ = chooser.pick("terrain", &["land", "islands"]);
        let error = chooser.finish().err().unwrap();
        assert!(error.contains("'terain'") && error.contains("terrain (land, islands)"), "{error}");
    }

    #[test]
    fn a_value_outside_the_choice_is_refused_naming_the_values() {
        let mut request = GenerateRequest::seeded(1);
        request.choices.push(("terrain".into(), "sea".into()));
        let error = Chooser::new("Test", &request).pick("terrain", &["land", "islands"]).unwrap_err();
        assert!(error.contains("terrain=sea") && error.contains("land, islands"), "{error}");
    }

    #[test]
    fn sizes_read_as_width_by_depth() {
        assert_eq!(GenerateRequest::parse_size("48x36"), Ok((48, 36)));
        assert!(GenerateRequest::parse_size("48").is_err());
        assert!(GenerateRequest::parse_size("ax3").is_err());
    }
}
